# 简体中文：theory，说明“为什么”的用语：最佳着法的理由（提示、`solve`）、教学与理论面板、各游戏的
# 必胜规律。第一次显示时才读入，启动时不读。约定见 words.ftl。

## 尼姆游戏中一步为何最好（solve 与提示）。
reason-nim-sum = { $move }：{ $from } ⊕ { $nim-sum } = { $to } < { $from }，走后尼姆和为 0
reason-misere-endgame = { $move }：反常玩法的残局，走后每堆都只有一枚，所以留下奇数堆（{ $ones } 堆）
reason-losing-endgame = 没有必胜着法：剩下奇数个只有一枚的堆，轮到走的人最后必取走最后一枚；{ $move }，等对方失误
reason-losing = 没有必胜着法：尼姆和为 0，对方只要不失误，怎么走都会输；{ $move }，等对方失误
reason-over-other-lost = 游戏已结束：对方取走了最后一枚棋子，对方输了
reason-over-other-won = 游戏已结束：对方取走了最后一枚棋子，对方赢了
loss-endgame = 剩下奇数个只有一枚的堆，再没有两枚及以上的堆，每步只能取走其中一堆，所以现在走的人最后必然取走最后一枚
loss-nim-sum = 尼姆和为 0：怎么走都会使尼姆和不为 0，对方总能再把它变回 0
teach-sum-listed = 尼姆和 { $heaps } = { $sum }
teach-sum-all = 各堆的尼姆和 = { $sum }
teach-nim-sum = { $sum }；把第 { $heap } 堆变为 { $from } ⊕ { $nim-sum } = { $to }，即{ $move }，走后尼姆和为 0
teach-misere-endgame = 反常玩法的残局，这步之后不再有两枚及以上的堆，尼姆和为 0 的规则不再适用；要留下奇数个只有一枚的堆（{ $ones } 堆），对方就必须取走最后一枚，所以{ $move }{ $to ->
    [0] ，把这一堆取完
   *[other] ，留下 { $to-digits } 枚
}
teach-lost-endgame = 这是必败局面：剩下奇数个只有一枚的堆，轮到走的人最后必取走最后一枚；{ $move }，等对方失误
teach-lost = 这是必败局面：{ $sum }，从尼姆和为 0 的局面怎么走都会使它不为 0，对方总能再把它变回 0；{ $move }，等对方失误
working-nim-sum = 第 { $heap } 堆：{ $from } ⊕ { $nim-sum } = { $to }，取走 { $take } 枚
working-endgame = 第 { $heap } 堆：{ $from } → { $to }，取走 { $take } 枚：留下 { $ones-digits } 个只有一枚的堆（奇数）

## 讲解面板。
panel-endgame-move = 反常残局：走后每堆都只有一枚，所以留下奇数堆。
panel-endgame-move-working = 反常残局：走后每堆都只有一枚，所以留下奇数堆。{ $working }
panel-endgame-lost = 反常残局：剩下奇数个只有一枚的堆；怎么走都会输
panel-zero-every-move = 尼姆和为 0：怎么走都会使尼姆和不为 0
panel-endgame-aim = 反常残局：走后不会有两枚及以上的堆；要留下奇数个只有一枚的堆
panel-nim-sum-zero = 尼姆和为 0：轮到走的人必败
panel-nim-sum-not-zero = 尼姆和不为 0：走到尼姆和为 0 就能赢
panel-can-win = 轮到走的人可以赢：按 { $key } 看怎么走
panel-loses = 只要对方不失误，轮到走的人必败
panel-sprague-grundy = SG 定理：每{ $heap }相当于一个尼姆堆，枚数为它的 SG 值 g；各 g 的异或为 0 时，轮到走的人必败

## 其他游戏中一步为何最好（提示）。
moore-endgame-win = 反常玩法的残局，这步之后不再有两枚及以上的堆，所以只有一枚的堆的个数要比 { $m } 的倍数多 1（{ $ones } 堆），对方最后必取走最后一枚；{ $move }
moore-endgame-lost = 这是必败局面：只有一枚的堆有 { $ones-digits } 个，比 { $m } 的倍数多 1；无论你从几堆（1～{ $k } 堆）中取，对方都能让这个数重新比 { $m } 的倍数多 1；{ $move }，等对方失误
moore-columns = 数一数每个二进制位上是 1 的堆有几个：各位上的个数都是 { $m } 的倍数时，轮到走的人必输；「{ $column }」这一位上有 { $count } 堆（比 { $m } 的倍数多 { $rest }），所以{ $move }：走后每一位上的个数都是 { $m } 的倍数
moore-lost = 这是必败局面：每个二进制位上 1 的个数都是 { $m } 的倍数；动 1～{ $k } 堆会使某一位上的个数改变 1～{ $k }，对方总能把它改回来；{ $move }，等对方失误
moore-place = { $value }
moore-place-power = 2^{ $power }
fibonacci-allowed-first = 第一步最多可取 { $most } 枚，且不能取完
fibonacci-allowed = 你最多可取 { $most } 枚（对方上一步的两倍）
fibonacci-win = 齐肯多夫表示 { $n } = { $sum }；最小项是 { $smallest }，{ $allowed }：取走 { $take } 枚，对方最多只能取 { $next } 枚，取不到剩下部分的最小项
fibonacci-lost = 这是必败局面：齐肯多夫表示 { $n } = { $sum }，最小项 { $smallest } 大于这一步最多能取的枚数（{ $allowed }）；无论你取多少，对方都能取走剩下部分的最小项；取走 { $take } 枚，等对方失误
wythoff-how-both = 从两堆取同样多时两数之差不变，仍是 { $difference }；差为 { $difference } 的必败数对是 ({ $a },{ $b })
wythoff-how-one = 含 { $other } 的必败数对是 ({ $a },{ $b })
wythoff-win = 必败数对是 (0,0)、(1,2)、(3,5)、(4,7)、(6,10)⋯⋯；{ $how }：{ $move }，留下必败数对 ({ $x },{ $y })
wythoff-lost = 这是必败局面：({ $x },{ $y }) 是必败数对；从必败数对出发，怎么走都不再是必败数对，对方总能再走到一个更小的必败数对；{ $move }，等对方失误
grundy-listed = SG 值 { $values } = { $sum }
grundy-xor-heaps = 各堆 SG 值的异或为 { $sum }
grundy-xor-rows = 各排 SG 值的异或为 { $sum }
grundy-over = 游戏已结束：对方走了最后一步，赢了
grundy-win = { $listed }；要使异或为 0，{ $heap }的值应变为 { $from } ⊕ { $sum } = { $to }：{ $move }，它的值就变为 { $to }
grundy-win-split = { $listed }；要使异或为 0，{ $heap }的值应变为 { $from } ⊕ { $sum } = { $to }：{ $move }，剩下部分的值为 { $to }
grundy-lost = 这是必败局面：{ $listed }，每步都会改变某一{ $word }的值，使异或不为 0，对方总能再把它变回 0；{ $move }，等对方失误

quotient-win = 在反常 Kayles 游戏中，每排对应反常商中的一个元素；各排元素之积是必败元素（{ $p }）时，轮到走的一方必败。现在各排之积为 { $product }，不是必败元素：{ $row }对应 { $from }；{ $move }，这排剩下的部分对应 { $to }，各排之积就变为 { $after }，对方落入必败局面

quotient-lost = 这是必败局面：各排之积为 { $product }，是反常商的必败元素（{ $p }），每步都会使积不再是必败元素；{ $move }，等对方失误

grundy-pattern-periodic = { $from ->
    [0] SG 值以 { $period } 为周期：枚数每多 { $period }，值就重复一遍
   *[other] 从每堆 { $from-digits } 枚起，SG 值以 { $period } 为周期：枚数每多 { $period }，值就重复一遍
}

grundy-pattern-periodic-rows = 从一排 { $from-digits } 个球瓶起，SG 值以 { $period } 为周期：球瓶每多 { $period } 个，值就重复一遍

grundy-pattern-lasker = SG 值按枚数除以 4 的余数分类：4k+1 枚或 4k+2 枚的堆，值等于枚数；4k+3 枚的堆值为 4k+4；4k+4 枚的堆值为 4k+3

coach-already-lost = 教练：这已是必败局面，只要对方不失误，怎么走都赢不了

review-line-already-lost = 这已是必败局面：只要对方不失误，怎么走都赢不了

banner-you-win = 你赢了！

banner-assisted-win = 借助{ $help }获胜：不计入连胜
## 理论面板（尼姆游戏以外的游戏）。
theory-moore-title = Nim_{ $k }：各列模 { $modulus }
theory-grundy-title = SG 值
theory-wythoff-title = 必败数对
theory-fibonacci-title = 齐肯多夫表示
theory-heap-label = 第{ $number }堆
theory-ones = 1的个数
theory-mod = 模 { $modulus }
theory-moore-endgame = 反常残局：至少有 2 枚的堆最多只剩 { $k } 个
theory-moore-rule = 每列的个数除以 { $modulus } 都余 0 时，轮到走的人必输
theory-xor = 异或
theory-grundy-best = 最佳：{ $heap } g 由 { $from } 变 { $to }，异或得 0
theory-grundy-table = 值表（n:g）：{ $table }
theory-quotient-title = 反常商
theory-quotient-product = 积
theory-quotient-losing = 必败的积：{ $p }
theory-quotient-best = 最佳：{ $row }由 { $from } 变为 { $to }，积为 { $after }
theory-quotient-generators = a、b、c、d、e、f、g 分别是 1、2、5、9、12、25、27 个球瓶的一排；从 71 个起，每多 12 个，元素就重复一遍
theory-wythoff-same-difference = 差为 { $difference } 的必败数对：({ $x },{ $y })
theory-wythoff-near = 附近的必败数对：{ $pairs }
theory-wythoff-pair-n = 第 n 对的两数相差 n；给对方留下一对就能赢
theory-fibonacci-first = 第一步：取 1～{ $most } 枚（不能取完）
theory-fibonacci-most = 这一步可取 1～{ $most } 枚
theory-fibonacci-heap = 这一堆 { $heap } = { $terms }
theory-fibonacci-smallest = 最小项：{ $smallest }
theory-fibonacci-wins = 能取时取走最小项，就能赢

# 抢 21 和巴什博弈（每次从一堆里取 1 到 k 枚）：用孩子听得懂的话讲规律
bachet-win = { $move }，给对方留下 { $left } 枚，正好是 { $m } 的倍数。以后对方取几枚，你就取 { $m } 减几枚，两人每轮合起来取 { $m } 枚，最后一枚一定归你

bachet-lost = 没有必胜着法：剩下的 { $n } 枚已经是 { $m } 的倍数，不管你取几枚，对方都能再给你留下 { $m } 的倍数。只能尽量少取，把对局拖长，等对方失误：{ $move }

grundy-pattern-staircase = 伪装的尼姆：奇数级台阶就是尼姆的堆，偶数级不起作用（移到奇数级上的硬币可以立刻再往下移）

grundy-pattern-turtles = 伪装的尼姆：第 n 位的正面就是一堆 n 枚的尼姆堆

grundy-pattern-mock-turtles = 第 n 位的正面的值是第 n−1 个“奇恶数”（二进制中 1 的个数为奇数：1、2、4、7、8、11、13、14……），即 2n−2 或 2n−1

staircase-win = 阶梯尼姆就是奇数级上的尼姆：奇数级的硬币数 { $values } = { $sum }；第 { $at } 级有 { $from } 枚，{ $from } ⊕ { $sum } = { $to }：{ $move }，奇数级的尼姆和就变为 0

staircase-lost = 这是必败局面：阶梯尼姆就是奇数级上的尼姆，奇数级的硬币数 { $values } 异或为 0；无论怎么走，对方都能把它变回 0；{ $move }，等对方失误

turtles-win = 翻乌龟游戏就是尼姆：第 n 位的正面是一堆 n 枚，{ $values } = { $sum }；第 { $at } 位的正面要变为 { $from } ⊕ { $sum } = { $to }：{ $move }，尼姆和就变为 0

turtles-lost = 这是必败局面：翻乌龟游戏就是以各正面位置为堆的尼姆，{ $values } = 0；{ $move }，等对方失误

mock-turtles-win = 各正面的值为 { $values } = { $sum }（奇恶数）；第 { $at } 位值为 { $from } 的正面要翻掉，同时翻转值的异或为 { $from } ⊕ { $sum } = { $to } 的硬币：{ $move }，异或就变为 0

mock-turtles-lost = 这是必败局面：各正面的值为 { $values } = 0（奇恶数）；{ $move }，等对方失误

euclid-empty = { $larger } 是 { $smaller } 的倍数：{ $move }，留下 0，立刻获胜

euclid-below = { $larger } ÷ { $smaller } 大于 φ ≈ 1.618（{ $larger } = { $quotient } × { $smaller } + { $remainder }）：{ $move }，留下 { $x } 和 { $y }，两数之比小于 φ；对方只有一种走法，走完比值又大于 φ

euclid-lost = 这是必败局面：{ $larger } ÷ { $smaller } 小于 φ ≈ 1.618，唯一的走法会留下大于 φ 的比值，对方从那里能赢；{ $move }，等对方失误

theory-euclid-title = 两数之比与 φ

theory-euclid-number = 第{ $number }个数：{ $size }

theory-euclid-division = 带余除法：{ $larger } = { $quotient } × { $smaller } + { $remainder }

theory-euclid-above = { $larger } ÷ { $smaller } > φ ≈ 1.618：先走的一方能赢

theory-euclid-below = { $larger } ÷ { $smaller } < φ ≈ 1.618：只有一种走法，走了就输

theory-euclid-equal = 两数相等：把其中一个减到 0 就赢

theory-euclid-multiples = 可以从 { $larger } 中减去 { $multiples }

theory-euclid-rule = 当 a ÷ b > φ，即 a² − ab − b² > 0（a ≥ b），或 a = b 时，先走的一方能赢

grundy-pattern-ruler = 第 n 位的正面的值是整除 n 的最大的 2 的幂（尺子函数：1、2、1、4、1、2、1、8……）；第 a 位到第 n 位的硬币合起来的值是 n 与 a−1 的格雷码的异或

ruler-win = 各正面的值为 { $values } = { $sum }（整除各位置的最大的 2 的幂）；第 { $at } 位值为 { $from } 的正面翻成反面，这一段的其余硬币使异或改变 { $from } ⊕ { $sum } = { $to }：{ $move }，异或就变为 0

ruler-lost = 这是必败局面：各正面的值为 { $values } = 0（整除各位置的最大的 2 的幂）；{ $move }，等对方失误

grundy-pattern-northcott = 每排两枚棋子之间的空格数就是一堆尼姆石子；向后移动叫作后退，每方在整局中只有限定的后退次数，所以每局都会结束；后退会拉大空格，对方再把它缩回来即可，所以后退次数只影响对局的长短，不影响胜负

northcott-win = 各排的空格数就是尼姆石子堆：{ $values } = { $sum }；第 { $at } 排的空格数由 { $from } 变为 { $to }：{ $move }，尼姆和就变为 0（对方后退时，再把空格缩回来）

northcott-lost = 这是必败局面：各排的空格数就是尼姆石子堆，{ $values } = 0；{ $move }，等对方失误

grundy-pattern-corners = 行和列从 1 数起：(x，y) 处的正面的值是尼姆积 (x−1) ⊗ (y−1)，所以第 1 行或第 1 列的正面值为 0；从 (x，y) 到 (a，b) 的矩形的四个角使异或改变 (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1)

corners-win = (x，y) 处的正面的值是尼姆积 (x−1) ⊗ (y−1)：{ $values }，异或为 { $sum }；({ $x }，{ $y }) 处的正面值为 { $from }，从它到 (a，b) 的矩形使异或改变 (x−1 ⊕ a−1) ⊗ (y−1 ⊕ b−1) = { $p } ⊗ { $q } = { $sum }：{ $move }，异或就变为 0

corners-lost = 这是必败局面：各正面的值为 { $values }（各为 (x−1) ⊗ (y−1)），异或为 0；{ $move }，等对方失误

grundy-pattern-hackenbush = n 条边的一根竹竿就是一堆 n 枚的尼姆堆；按冒号原理，汇于同一顶点的各个分枝相当于一根长度为它们尼姆和的竹竿，所以 t 条边的树干上长着价值合计为 s 的分枝，就等于一根 t + s 的竹竿，每棵树都是一堆与它的价值同样大的尼姆堆

hackenbush-colon = 第 { $tree } 棵树：{ $branches ->
    [one] 树干上的分枝价值 { $values }
   *[other] 树干上的各分枝价值 { $values } = { $sum }
}，按冒号原理它等于一根 { $trunk } + { $sum } = { $value } 的竹竿；

hackenbush-win = { $colon }各棵树是以其价值为大小的尼姆堆：{ $values } = { $sum }；第 { $at } 棵树价值 { $from }，要变成 { $to }：{ $move }，这样尼姆和为 0

hackenbush-lost = { $colon }这个局面是必败的：各棵树是以其价值为大小的尼姆堆，{ $values } = 0；{ $move }，然后等对方失误
