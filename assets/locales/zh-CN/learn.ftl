# 简体中文：learn。约定见 words.ftl。
# 课程（src/app/learn.rs、src/ui/learn.rs）：两门课，每一课的标题和正文，练习和对答案的回应，
# 图示的标注，按键行，以及规则页。术语见 words.ftl 开头。

## 两门课，以及每一课的画面

lesson-course-nim = 尼姆游戏
lesson-course-grundy = SG 定理
lesson-heading = 第 { $step-digits } 节（共 { $steps-digits } 节）：{ $title }
lesson-heading-course = 【{ $course }】第 { $step-digits } 节（共 { $steps-digits } 节）：{ $title }
lesson-exercises-done = 已完成练习：{ $done-digits }／{ $total-digits }
lesson-answer = 你的答案：
lesson-play-now = 现在就下这个局面：按 { $key } 与不会失误的电脑对弈。

## 按键行和帮助

lesson-key-check = 检查答案
lesson-key-check-short = 检查
lesson-key-next = 下一节
lesson-key-next-short = 继续
lesson-key-step-short = 下一节
lesson-key-previous = 上一节
lesson-key-play = 现在就下这个局面
lesson-key-play-short = 下这局
lesson-key-other = 另一门课程（尼姆游戏、SG 定理）
lesson-key-other-short = 另一门课程
lesson-key-replay-back = 示例对局：退回一步
lesson-key-replay-on = 示例对局：前进一步
lesson-key-erase = 删去一个输入的字符
lesson-key-keys = 按键
lesson-key-back-game = 回到对局
lesson-key-back-game-short = 对局
lesson-key-back-menu = 回到菜单
lesson-key-back-menu-short = 菜单
lesson-key-quit = 退出

## 图示

lesson-heap = 第 { $n-digits } 堆
lesson-heap-empty = （空）
lesson-value = 值
lesson-values = 各堆的值：
lesson-ones = 1 的个数
lesson-nim-sum = 尼姆和
lesson-position = 局面 { $heaps }
lesson-odd-columns = 标出的列：1 的个数是奇数，尼姆和在这一位是 1
lesson-grundy-heap = 堆
lesson-grundy-moves = 每一步取走 1、3 或 4 枚棋子
lesson-grundy-zero-loses = 值为 0 的堆，轮到走的一方必败

## 练习

lesson-ask-binary = 把 { $n } 写成二进制：
lesson-ask-nim-sum = 算一算：{ $terms } = ？
lesson-ask-winning-move = 局面 { $heaps }（{ $mode ->
    [misere] 反常玩法
   *[normal] 正常玩法
}）：哪一步能赢？请输入堆的序号和取走的枚数，例如 1 2：
lesson-ask-winner = 局面 { $heaps }（{ $mode ->
    [misere] 反常玩法
   *[normal] 正常玩法
}），轮到你走。双方都不失误的话，你会赢还是会输？请输入「赢」或「输」（也可以输入字母 w 或 l）：
lesson-ask-grundy-value = 一堆 { $n } 枚棋子，SG 值是多少？请输入一个数：
lesson-ask-grundy-winner = 局面 { $heaps }，轮到你走。双方都不失误的话，你会赢还是会输？请输入「赢」或「输」（也可以输入字母 w 或 l）：
lesson-ask-grundy-move = 局面 { $heaps }：哪一步能赢？请输入堆的序号和取走的枚数（1、3 或 4），例如 1 3：

## 对答案的回应

lesson-binary-right = 对了：{ $n } 的二进制是 { $binary }。
lesson-try-again = 不太对。再想一想，改好答案后再按 { $key }。
lesson-binary-wrong = 不太对：{ $n } 的二进制是 { $binary }（写 1 的那些位上的 2 的幂，加起来正好是 { $n }）。
lesson-nim-sum-right = 对了：尼姆和是 { $sum }（二进制 { $binary }）。
lesson-nim-sum-wrong = 不太对：把各堆写成二进制，逐列数 1 的个数，奇数个得 1，偶数个得 0。尼姆和是 { $sum }。
lesson-type-move = 请输入两个数：堆的序号（从 1 数起）和取走的枚数，例如 { $example }。
lesson-move = 从第 { $heap } 堆取走 { $take } 枚
lesson-moves-or = ，或者
lesson-move-right = 对了：{ $moves }。
lesson-move-loses = 这一步会输。必胜着法是：{ $moves }。
lesson-move-illegal = 这一步不合规则：每一步从一堆中取走至少 1 枚，最多把这一堆取完。
lesson-type-win-lose = 请输入「赢」或「输」（也可以输入字母 w 或 l）。
lesson-winner-right-win = 对了：只要走对，你就会赢。
lesson-winner-right-lose = 对了：你会输；不论你怎么取，对方都有办法应对。
lesson-winner-right-lose-misere = 对了：你会输；在反常玩法中，最后一枚棋子谁都不想拿。
lesson-winner-wrong = 这次不对：这个局面，轮到走的一方{ $outcome ->
    [win] 必胜
   *[lose] 必败
}。把每一种走法都在心里试一试，看看对方会怎样应对。
lesson-grundy-no-move = 一步也走不了
lesson-grundy-reached = { $heap } 枚（值为 { $value }）
lesson-list-separator = 、
lesson-grundy-reaches = 走一步能到达 { $list }
lesson-grundy-value-right = 对了：{ $why }，这些值里没有的最小非负整数是 { $value }。
lesson-grundy-value-wrong = 不太对：{ $why }；这些值里没有的最小非负整数是 { $value }。
lesson-grundy-winner-right = { $heaps ->
    [1] { $heap ->
        [2] 对了：一堆 2 枚只能取走 1 枚，剩下的 1 枚被对方取走，你会输。
       *[other] 对了：一堆 { $heap-digits } 枚棋子，你{ $outcome ->
            [win] 会赢
           *[lose] 会输
        }。
    }
   *[other] 对了：各堆 SG 值的异或是 { $values } = { $sum }，所以你{ $outcome ->
        [win] 会赢
       *[lose] 会输
    }。
}
lesson-grundy-winner-wrong = { $heaps ->
    [1] { $heap ->
        [2] 这次不对：一堆 2 枚只能取走 1 枚，剩下的 1 枚被对方取走，所以你会输。
       *[other] 这次不对：一堆 { $heap-digits } 枚棋子，SG 值是 { $sum }；只有 SG 值为 0 时才必败。
    }
   *[other] 这次不对：各堆 SG 值的异或是 { $values } = { $sum }；只有异或为 0 时才必败。
}
lesson-grundy-move-wrong = 这一步走完，各值的异或不是 0。必胜着法是：{ $moves }。
lesson-grundy-move-illegal = 这一步不合规则：每次只能从一堆中取走 1、3 或 4 枚，而且不能多于这一堆的枚数。

## 从 3 4 5 开始的反常玩法示例对局，一步一步

lesson-misere-0 = 开局：尼姆和 3 ⊕ 4 ⊕ 5 = 2，所以先手可以获胜。
lesson-misere-1 = 先手从第 1 堆取走 2 枚：尼姆和为 0，和正常玩法一样。
lesson-misere-2 = 后手从第 3 堆取走 2 枚（尼姆和为 6）。
lesson-misere-3 = 先手从第 2 堆取走 2 枚：尼姆和又是 0。
lesson-misere-4 = 后手从第 3 堆取走 1 枚（尼姆和为 1）。
lesson-misere-5 = 先手从第 1 堆取走 1 枚：尼姆和为 0。
lesson-misere-6 = 后手从第 3 堆取走 1 枚。正常玩法这时应从第 2 堆取走 1 枚，留下两堆各 1 枚；先手在反常玩法中却要把第 2 堆全部取走，只留下一堆 1 枚（奇数堆）。
lesson-misere-7 = 先手取走了整个第 2 堆：后手只能取走最后一枚棋子，输了。

## 尼姆游戏

lesson-rules-title = 游戏规则
lesson-rules-1 = 尼姆游戏用几堆棋子来玩。两人轮流走，每一步从某一堆中取走一枚或多枚棋子（多少都可以，最多把这一堆取完）。
lesson-rules-2 = 在正常玩法中，取走最后一枚棋子的一方获胜；在反常玩法中，取走最后一枚棋子的一方失败（竞赛书里也叫「反尼姆」）。
lesson-rules-3 = 尼姆游戏的任何局面，都能用一个简单的计算找出最好的走法。这门课就教你怎样算。
lesson-rules-4 = 先来想一想：两堆棋子，每堆 1 枚。不论你怎么取，都会给对方留下 1 枚。
lesson-binary-title = 二进制数
lesson-binary-1 = 每个正整数都能写成若干个不同的 2 的幂之和（2 的幂：1、2、4、8、16⋯⋯）。从大到小，用到的幂写 1，没用到的写 0。
lesson-binary-2 = 5 = 4 + 1，所以 5 的二进制是 101；6 = 4 + 2，写作 110；3 = 2 + 1，写作 011（前面补 0 不改变数值）。
lesson-nim-sum-title = 尼姆和：不进位的加法
lesson-nim-sum-1 = 把各堆的棋子数写成二进制，上下对齐，每一列单独看：这一列中 1 的个数是奇数，和的这一位就是 1；是偶数，就是 0。不进位。这样的和叫作尼姆和，记作 ⊕（也写作 xor）：它就是二进制的异或运算，竞赛书里也叫异或和。
lesson-nim-sum-2 = 3 ⊕ 5：011 和 101。「4」这一列有一个 1，「2」这一列有一个 1，「1」这一列有两个 1。所以 3 ⊕ 5 = 110 = 6。
lesson-zero-title = 为什么尼姆和为 0 必败
lesson-zero-1 = 如果尼姆和为 0，那么每一列都有偶数个 1。一步棋只改变一堆，它至少有一个二进制位会变：那一列的 1 就变成奇数个，尼姆和不再是 0。
lesson-zero-2 = 如果尼姆和不为 0，那么总有一步能使它变为 0：找出尼姆和（二进制）最高位的 1 在哪一列，再找一堆在这一列上也是 1，把它变成「这一堆 ⊕ 尼姆和」。这一列由 1 变成 0，更低的位怎么变都不影响大小，所以新数比原来小，这一步合乎规则。
lesson-zero-3 = 所以，每走一步都留下尼姆和为 0 的一方，在对方走后总能再把尼姆和变回 0，直到各堆都取空（尼姆和也是 0）：在正常玩法中，正是这一方取走最后一枚棋子而获胜。
lesson-winning-title = 找出必胜着法
lesson-winning-1 = 例：局面 3 4 5。011 ⊕ 100 ⊕ 101 = 010，尼姆和是 2。它最高的 1 在「2」这一列；只有第 1 堆（3 = 011）在这一列上是 1。第 1 堆应变成 3 ⊕ 2 = 1，所以从第 1 堆取走 2 枚，留下 1 4 5，尼姆和为 0。
lesson-winning-2 = 一般地：只有在尼姆和最高位那一列上是 1 的堆，才能减成「这一堆 ⊕ 尼姆和」；每个这样的堆都给出一步必胜着法。
lesson-misere-title = 反常玩法：只在最后有一处不同
lesson-misere-text-1 = 反常玩法的下法和正常玩法完全一样，只有一个例外：如果你这一步走完，已经没有 2 枚或更多棋子的堆，就要留下奇数个只有 1 枚的堆（正常玩法则留下偶数个）。这样，最后一枚棋子就只能由对方来取。
lesson-misere-text-2 = 下面是从 3 4 5 开始的一局反常玩法，一步一步地走：用上、下方向键逐步查看。
lesson-ready-title = 你已经学会了
lesson-ready-1 = 这就是全部的策略：每走一步都让尼姆和变为 0；反常玩法到了最后，要留下奇数个只有 1 枚的堆。
lesson-ready-2 = 去和不会失误的电脑下一局试试（按 b 打开二进制视图，可以看到各列），或者做做谜题：每道题恰好只有一步必胜着法。
lesson-ready-3 = 最后一题，把学到的都用上。雷乃的电影《去年在马里昂巴德》里的局面 1 3 5 7，轮到走的一方必败（尼姆和为 0）；这里最后一堆少了 1 枚。

## SG 定理

lesson-subtraction-title = 另一种游戏：取 1、3 或 4 枚
lesson-subtraction-1 = 还是几堆棋子，但每一步只能从一堆中取走 1 枚、3 枚或 4 枚，取走最后一枚棋子的一方获胜。像这样规定每步能取几枚的游戏，叫作减法游戏（也叫取石子游戏）。
lesson-subtraction-2 = 这时各堆棋子数的尼姆和就判断不了胜负了：只有一堆 2 枚时，唯一的走法是取走 1 枚，剩下的 1 枚被对方取走。所以一堆 2 枚对轮到走的一方是必败局面，尽管 2 不等于 0。
lesson-subtraction-3 = 像尼姆游戏和这个游戏这样，双方能走的着法完全相同的游戏，叫作无偏博弈（也叫公平组合游戏）。它的每个局面都对应一个数，叫作 SG 值（Sprague–Grundy 值，也叫格隆第值），作用相当于尼姆游戏中一堆棋子的枚数。
lesson-mex-title = mex 运算
lesson-mex-1 = 一个局面的 SG 值，等于走一步能到达的各个局面的 SG 值的 mex。mex 运算：不属于这个集合的最小非负整数，例如 mex{"{"}0,1,3{"}"} = 2，mex{"{"}{"}"} = 0。
lesson-mex-2 = 空堆一步也走不了：什么都没有时，mex 是 0。1 枚的堆只能走到 0（值为 0），所以它的值是 1。2 枚的堆只能走到 1（值为 1），所以它的值是 0。4 枚的堆能走到 3、1 和 0，它们的值是 1、1 和 0，所以它的值是 2。
lesson-mex-3 = 值为 0 的局面，轮到走的一方必败；值为其他数时，走到一个值为 0 的局面就能获胜。
lesson-period-title = 值的循环
lesson-period-1 = 照这样算下去，这个游戏的值以 7 为周期循环：0 1 0 1 2 3 2，然后又是 0 1 0 1 2 3 2，一直如此（棋子数每增加 7，值就重复一遍）。许多减法游戏都有这样的周期，所以只要一个周期的值表，就能查出任何一堆的值。
lesson-xor-title = 几堆：各值的异或
lesson-xor-1 = 斯普莱格–格隆第定理（SG 定理）：由几堆组成的游戏，它的 SG 值等于各堆 SG 值的尼姆和（异或）。每一堆都可以看成一个尼姆堆，枚数就是这一堆的 SG 值。
lesson-xor-2 = 所以，轮到走的一方必败，当且仅当各值的异或为 0。4 枚和 6 枚两堆的值是 2 和 2：2 ⊕ 2 = 0，轮到走的一方必败。
lesson-grundy-move-title = 找出必胜着法
lesson-grundy-move-1 = 和尼姆游戏一样：先算出各值的异或，再找一步棋，改变某一堆的值，使异或变成 0。这一堆的值必须变成（它的值 ⊕ 异或）；能不能变成这个值，就看计算 mex 时列出的那些「走一步能到达的值」里有没有它。
lesson-grundy-move-2 = 然后就去下吧：同样的道理可以赢 Kayles 游戏、道森 Kayles 游戏（击倒球瓶的游戏，见游戏菜单），以及本程序中所有的减法游戏（它们的理论面板会列出这些值）。

## 规则页（帮助的第二页）

rules-nim = 尼姆游戏：几堆棋子，两人轮流走，每一步从一堆中取走一枚或多枚棋子。
rules-normal = 正常玩法：取走最后一枚棋子的一方获胜。
rules-misere = 反常玩法：取走最后一枚棋子的一方失败。
rules-perfect-nim = 必胜策略：每步走后让尼姆和（不进位的二进制加法）为 0；反常玩法中，如果走完后不再有 2 枚或更多棋子的堆，就留下奇数个只有 1 枚的堆。
rules-game = 玩法（{ $title }）：{ $rule }。
rules-normal-move = 正常玩法：走最后一步的一方获胜。
rules-misere-move = 反常玩法：走最后一步的一方失败。
rules-normal-only = 只有正常玩法（没有反常玩法）。
rules-perfect-columns = 必胜策略：数一数每个二进制列上是 1 的堆有几个，让每一列的个数都是 { $k } 的倍数。
rules-perfect-grundy = 必胜策略（SG 定理）：每一堆（或每一排）都有一个 SG 值，等于从它走一步能到达的各局面的 SG 值中没有出现的最小非负整数（mex）；和尼姆游戏一样，让各 SG 值的异或为 0。
rules-perfect-pairs = 必胜策略：留下一个必败数对（即奇异局势）：(0,0)、(1,2)、(3,5)、(4,7)、(6,10)、(8,13)⋯⋯；第 k 对中较小的数是 k 乘黄金分割比 1.618⋯ 所得的整数部分，较大的数比它大 k。
rules-perfect-zeckendorf = 必胜策略：把这一堆写成若干个互不相邻的斐波那契数之和（齐肯多夫表示），上限允许时，取走其中最小的一项。
rules-keys-several = 按键：用上、下方向键选择一堆，每堆分别设定要取的枚数（0 表示不取）；按 Enter 从设定了枚数的各堆同时取走，最多 { $k } 堆。
rules-keys-split = 按键：s 在取走和分堆之间切换；用左、右方向键选择留在堆里的枚数。
rules-keys-two-pins = 按键：用左、右方向键沿着这一排移到要击倒的球瓶；s 在击倒一个球瓶和两个相邻球瓶之间切换。
rules-keys-pin-count = 按键：用左、右方向键沿着这一排移到要击倒的第一个球瓶；s 依次切换代码允许击倒的相邻球瓶数。
rules-keys-both = 按键：s 在从一堆中取走和从两堆中取走同样多之间切换。也可以把两堆的枚数看成国际象棋里皇后离左下角的横、纵格数：每步就是皇后向左、向下或向左下斜走。
rules-keys-pins = 按键：用左、右方向键沿着这一排移到两个球瓶中的第一个。
rules-keys-limit = 按键：和尼姆游戏一样；枚数最多只能调到这一步允许取的数目。
rules-keys-nim = 按键：和尼姆游戏一样；不合规则的枚数不能取。
lesson-disguise-title = 伪装的尼姆
lesson-disguise-1 = 有些游戏换了个样子，其实就是尼姆，SG 值一算便知。阶梯尼姆：只有奇数级起作用，每级是一堆。翻乌龟：第 n 位的正面就是 n 枚的一堆。仿乌龟：第 n 位的正面值为奇恶数 2n−2 或 2n−1。尺子游戏：第 n 位的正面值为整除 n 的最大的 2 的幂（1、2、1、4、1、2、1、8……）。诺斯科特游戏：每排两子之间的空格数是一堆，对方后退，就把空格缩回去。翻角游戏：第 x 列第 y 行的正面值为尼姆积 (x−1) ⊗ (y−1)（2⊗2 = 3）。绿色砍树游戏：按冒号原理，汇于一点的各分枝相当于一根长为其尼姆和的竹竿，所以每棵树是一堆。
lesson-disguise-2 = 各级台阶上有 3、1、5、7 枚硬币的阶梯尼姆，就是第 1、3 级上的尼姆：两堆，3 枚和 5 枚。它们的尼姆和是多少？
rules-perfect-ratio = 必胜策略：设 a ≥ b，当 a = b 或 a ÷ b 大于黄金比 φ ≈ 1.618（a² − ab − b² > 0）时，先走的一方能赢；这时给对方留下小于 φ 的比值，或者留下 0。
rules-keys-multiples = 按键：和尼姆游戏一样；数目按较小的数一档一档地变，从较大的数中减。
