# 游戏的中文用语，按程序的部分分文件（words、play、theory、notices、learn、cli、serve、plain），与英文文件的 id 一一对应
# （tests/it/i18n.rs 检查）。用全角标点（，。：；！？（）），数字用阿拉伯数字；`$n-digits`
# 是数目的全部数字。
#
# 术语（以种子文本和中学、竞赛、信息学奥赛的教材用语为准；见 docs/zh-review-answers.md）：
# 尼姆游戏（Nim），堆／第 N 堆（heap），排／第 N 排（row，Kayles 游戏），
# 棋子（token，量词“枚”），球瓶（pin，量词“个”），取走（take），击倒（knock down），
# 尼姆和（nim-sum，记作 ⊕，即异或），正常玩法（normal play：取走最后一枚者胜），
# 反常玩法（misère：取走最后一枚者负），必胜着法（winning move），必败局面（P-position），
# 必胜局面（N-position），SG 定理（斯普莱格–格隆第定理，课程里全称出现一次），SG 值（Grundy value；
# 课程里注一次“也叫格隆第值”），mex 运算（最小非负整数），无偏博弈（impartial game，公平组合游戏），
# 提示（hint），教练（coach），悔棋（undo），复盘（review），电脑（the AI），谜题（puzzle），
# 二进制视图（binary view，尼姆游戏），理论面板（theory view，其他游戏），减法游戏（subtraction game），
# Kayles 游戏、道森 Kayles 游戏（中文没有通用译名，信息学材料保留 Kayles），威佐夫博弈、巴什博弈、
# 斐波那契博弈（固定名称），必败数对（即奇异局势）。屏幕上的字不用“”（宽度不定），引用用「」。
# 着法：界面上的标签用“着法”，叙述里也可以说“走法”“一步”。

tokens-count = { $n-digits } 枚棋子

## 列举：用顿号分隔，最后一项用“和”或“或”。
set-range = { $from }～{ $to }
list-separator = 、
list-separator-clauses = ；
list-and = { $rest }和{ $last }
list-or = { $rest } 或 { $last }

## 名词、动词与数目。
word-heap = 堆
word-row = 排
word-heap-number = 第 { $number } 堆
word-row-number = 第 { $number } 排
word-tokens = 棋子
word-pins = 球瓶
pins-count = { $n-digits } 个球瓶
word-take = 取走
word-knock-down = 击倒

## 最后一步的说法；两种玩法。
won-took-last-token = { $who }取走了最后一枚棋子
won-knocked-down-last-pin = { $who }击倒了最后一个球瓶
won-made-last-move = { $who }走了最后一步
normal-play-token = 取走最后一枚棋子者胜
normal-play-pin = 击倒最后一个球瓶者胜
misere-play-pin = 击倒最后一个球瓶者负
normal-play-move = 走最后一步者胜
normal-play-zero = 先把一个数减到 0 者胜
won-made-zero = { $who }把一个数减到了 0
short-rule-token-wins = 取最后一枚者胜
short-rule-token-loses = 取最后一枚者负
short-rule-pin-wins = 击倒最后一瓶者胜
short-rule-pin-loses = 击倒最后一瓶者负
short-rule-move-wins = 走最后一步者胜
short-rule-move-loses = 走最后一步者负
short-rule-zero-wins = 减到 0 者胜
short-rule-zero-loses = 减到 0 者负
least-first-move-not-all = 第一步不能全部取走
least-no-move = 少于这个数就走不了棋
convention-normal = 正常玩法
convention-misere = 反常玩法
convention-rule-normal = 取走最后一枚棋子者胜
convention-rule-misere = 取走最后一枚棋子者负

## 着法：现在时（要走的）与过去时（已走的，接在走棋者名字后）。
move-take = 从第 { $heap } 堆取走 { $amount } 枚
move-took = 从第 { $heap } 堆取走了 { $amount } 枚
move-take-from-the-heap = 取走 { $amount } 枚
move-took-from-the-heap = 取走了 { $amount } 枚
move-take-part = 第 { $heap } 堆的 { $amount } 枚
move-take-many = 取走{ $list }
move-took-many = 取走了{ $list }
move-take-from-both = 从两堆各取走 { $amount } 枚
move-took-from-both = 从两堆各取走了 { $amount } 枚
move-split = 把第 { $heap } 堆分成 { $left } 枚和 { $right } 枚两堆
move-split-open = 把第 { $heap } 堆分开，原处留 { $left } 枚，其余成为新的一堆
move-take-and-leave = 从第 { $heap } 堆取走 { $amount } 枚，原处留 { $left } 枚，其余成为新的一堆
move-took-and-left = 从第 { $heap } 堆取走了 { $amount } 枚，原处留 { $left } 枚，其余成为新的一堆
move-knock-down-pin = 击倒第 { $row } 排的第 { $first } 个球瓶
move-knocked-down-pin = 击倒了第 { $row } 排的第 { $first } 个球瓶
move-knock-down-pins = 击倒第 { $row } 排的第 { $first }{ $run ->
    [yes] {" "}到第{" "}
   *[no] 、
}{ $second } 个球瓶
move-knocked-down-pins = 击倒了第 { $row } 排的第 { $first }{ $run ->
    [yes] {" "}到第{" "}
   *[no] 、
}{ $second } 个球瓶
move-knock-down-pin-breaking = 击倒第 { $row } 排的第 { $first } 个球瓶，这排断成 { $left } 个和 { $rest } 个两排
move-knocked-down-pin-breaking = 击倒了第 { $row } 排的第 { $first } 个球瓶，这排断成 { $left } 个和 { $rest } 个两排
move-knock-down-pins-breaking = 击倒第 { $row } 排的第 { $first }{ $run ->
    [yes] {" "}到第{" "}
   *[no] 、
}{ $second } 个球瓶，这排断成 { $left } 个和 { $rest } 个两排
move-knocked-down-pins-breaking = 击倒了第 { $row } 排的第 { $first }{ $run ->
    [yes] {" "}到第{" "}
   *[no] 、
}{ $second } 个球瓶，这排断成 { $left } 个和 { $rest } 个两排
listed-take = 第{ $heap }堆取{ $amount }枚

## 游戏名称与规则。摩尔的 Nim_k 用 $k；减法游戏用其集合 $set（1,2,3）。
game-nim-title = 尼姆游戏
game-moore-title = 摩尔尼姆游戏 Nim_{ $k }
game-moore-short = Nim_{ $k }
game-subtraction-title = 减法游戏 {"{"}{ $set }{"}"}
game-subtraction-menu = 减法游戏 {"{"}{ $set }{"}"}
game-subtraction-short = 减法 { $set-short }
game-lasker-title = 拉斯克尼姆游戏
game-lasker-short = 拉斯克
game-kayles-title = Kayles 游戏
game-kayles-short = Kayles
game-dawson-title = 道森 Kayles 游戏
game-dawson-short = 道森 Kayles
game-wythoff-title = 威佐夫博弈
game-wythoff-short = 威佐夫
game-fibonacci-title = 斐波那契博弈
game-fibonacci-short = 斐波那契
game-preset-21-short = 抢 21 游戏
game-preset-bachet-short = 巴什博弈
game-rule-nim = 每步从一堆中取走任意多枚棋子（至少一枚）
game-rule-subtraction = 每步从一堆中取走 { $amounts } 枚棋子
game-rule-subtraction-range = 每步从一堆中取走 { $from }～{ $to } 枚棋子
game-rule-subtraction-run = 每步从一堆中取走 { $from }～{ $to } 枚棋子
game-rule-fibonacci = 只有一堆；第一步可以取任意枚，但不能全部取完；之后每步至少取 1 枚，至多取对方上一步所取枚数的 2 倍
game-rule-moore = 每步任选 1～{ $k } 堆，从每堆中各取走至少 1 枚棋子
game-rule-lasker = 每步从一堆中取走任意多枚棋子（至少一枚），或把一堆分成两个非空的堆
game-rule-kayles = 每步击倒一排中的一个球瓶或相邻的两个球瓶，这排可能因此断成两排
game-rule-dawson = 每步恰好击倒一排中相邻的两个球瓶，这排可能因此断成两排
game-rule-wythoff = 两堆棋子；每步从一堆中取走任意多枚，或从两堆中取走同样多枚（至少一枚）
words-level-perfect = 完美
words-level-hard = 困难
words-level-medium = 中等
words-level-easy = 简单
words-difficulty-easy = 简单
words-difficulty-medium = 中等
words-difficulty-hard = 困难
assist-hints = 提示
assist-undo = 悔棋
assist-weaker-ai = 较弱的电脑

## 反常 Kayles：用反常商判定。每排对应反常商中的一个元素（用 a、b、c、d、e、f、g 书写，
## 分别是 1、2、5、9、12、25、27 个球瓶的一排），各排元素之积属于必败元素时，轮到走的一方必败。
quotient-over = 游戏已结束：对方击倒了最后一个球瓶，输了

## 棋盘下方的各行：正在选的着法、教练、提示。
choosing-typed = { $move }（已输入 { $typed }）
choosing-who = { $p }：{ $m }
choosing-who-typed = { $who }：{ $move }（已输入 { $typed }）
about-to-take = { $who }从第 { $heap } 堆取走 { $amount } 枚⋯⋯
about-to-move = { $p }：{ $m }⋯⋯
coach-missed-move = 教练：这步棋错失了胜机，必胜着法本应是{ $moves }
coach-missed-moves = 教练：这步棋错失了胜机，必胜着法本应是{ $moves }
coach-missed-move-who = 教练：{ $who }这步棋错失了胜机，必胜着法本应是{ $moves }
coach-missed-moves-who = 教练：{ $who }这步棋错失了胜机，必胜着法本应是{ $moves }
coach-kept = 教练：好棋！你给对方留下了必败局面
coach-kept-who = 教练：好棋！{ $who }给对方留下了必败局面
coach-already-lost-who = 教练：{ $who }已处于必败局面，只要对方不失误，怎么走都赢不了
hint-label = 提示：
hint-label-losing = 提示（必败局面）：

## 谜题、回放与复盘。
puzzle-verdict-answer = 你的答案：{ $move }
puzzle-verdict-right = 答对了！
puzzle-verdict-right-with-hint-counted = 答对了，但借助了提示（记为未解出）。
puzzle-verdict-right-with-hint = 答对了，但借助了提示（不计分）。
puzzle-verdict-try-again = 不对：{ $move }会输。再想一想，还有一次机会。
puzzle-verdict-right-second-try = 答对了，第二次找到的！
puzzle-verdict-wrong = 不对：{ $move }会输。
puzzle-verdict-winning-move = 必胜着法：{ $explanation }
puzzle-rated = 你的谜题等级分：{ $value }，{ $change }。{ $puzzle }
puzzle-rated-up = +{ $points }
puzzle-rated-down = −{ $points }
puzzle-rated-fixed = 本题等级分 { $rating }（{ $difficulty }）。
puzzle-rated-measured = 本题：{ $value }，{ $tries } 次作答中 { $solved } 次一次解出。
rating-puzzles = 谜题
replay-line-next-take-you = 下一步：{ $who }从第 { $heap } 堆取走 { $amount } 枚
replay-line-next-take = 下一步：{ $who }从第 { $heap } 堆取走 { $amount } 枚
replay-line-next-move = 下一步：{ $who }：{ $move }
replay-line-end-how = 对局结束：{ $how }
replay-line-end = 对局结束
review-line-start = 对局开始：向后逐步查看，每一步都有点评
review-line-move = 第 { $number } 步：{ $who }{ $move }
review-line-kept = { $mark } 给对方留下了必败局面
review-line-won = { $mark } 取胜
review-line-missed = { $mark } 错失了胜机，必胜着法（棋盘上标 { $check } 处）本应是{ $moves }

## 结束横幅与状态栏。
banner-you-lose = 你输了
banner-wins = { $who }获胜！
banner-streak = 连胜 { $current } · 最佳 { $best }
banner-rematch-first = 再来一局：{ $who }先走（先手每局轮换）
status-game-over = 游戏结束
status-paused = 已暂停
status-your-turn = 轮到你
status-turn-of = 轮到{ $who }
status-thinking = { $who }正在思考⋯⋯
status-score = { $a } { $x } – { $y } { $b }
words-name-placeholder = {"  "}输入名字

## 课程图示下方。

## 棋盘与各游戏自己的图示。
panel-wythoff-partner = 第 { $number } 堆：{ $size }，与 { $partner } 构成必败数对
board-empty-heap = （空）
board-more = { $arrow } 还有 { $count } 个
board-pin-lines-shown = 第 { $first } 至 { $last } 行，共 { $of } 行
board-limit-bracket = 最多取 { $most } 枚
board-queen-caption = 皇后：从左下角 + 起向右 { $across } 格、向上 { $up } 格
board-queen-window = 局部视图，{ $mark } 处省略：皇后在向右 { $across } 格、向上 { $up } 格处

## 状态栏的细节。
status-todays-puzzle = 今日谜题
status-puzzle = 谜题 { $number }
status-daily-streak = 已连续 { $days } 天
status-puzzle-details = 题组 { $seed } · { $difficulty } │ 连续答对 { $streak }
status-review-move = 复盘：第 { $at }/{ $of } 步
status-replay-move = 回放：第 { $at }/{ $of } 步
status-ai-level = 电脑：{ $level }
status-demo-level = 演示，电脑：{ $level }
status-two-players = 双人对弈
status-coach-on = 教练
status-assisted-short = 有辅助
status-assisted = 借助{ $help }

## 棋盘上方的标题与棋盘边框。
header-title = { $title }：
header-rule = { $r }；{ $c }
frame-rows-of = { $units }（按排）
frame-heap = 棋子堆
frame-heap-limit = 棋子堆 · { $limit }
frame-heaps = 棋子堆
frame-misere = · 反常玩法：{ $rule }
frame-first-limit = 第一步：取 1～{ $most } 枚，不能取完
frame-limit = 取 1～{ $most } 枚

## 尼姆游戏的二进制视图。
binary-title = 二进制
binary-heap-label = 第{ $number }堆
binary-nim-sum = 尼姆和

## 着法列表。
moves-title = 着法
moves-start = 开局
moves-line = { $p }：{ $m }
status-short-rule = （{ $rule }）

## 谜题界面的说明。
puzzle-verdict-promise = 本题只有唯一一步必胜着法。找出它：走完这一步，只要你不失误，对方必败。
puzzle-verdict-promise-last = 本题唯一的必胜着法就是取走最后的棋子：{ $game }里没有更长的谜题了。
puzzle-verdict-promise-every = { $promise }（在这个游戏里，从必胜局面出发每一步都能赢，所以谜题只有一步合法着法。）

bachet-win-last = { $move }，正好取完最后一枚，你就赢了

## 电脑在必败局面中的“最佳尝试”（#35）：它为什么这样走。
best-try-hardest = 这是最难应对的一步：在所有走法中，它给对方留下的必胜应对最少（{ $replies } 种），而且拿得尽量少，让对局拖得更长。
best-try-quick = 可走的步数太多，电脑不逐一比较，按简便规则走，让大堆的对局不至于太长。
note-best-try = { $note }。没有必胜着法，它让对局又长又难（只给你留下 { $replies } 种必胜应对，是最少的）
note-best-try-quick = { $note }。没有必胜着法；可走的步数太多，它按简便规则走，让大堆的对局不至于太长
## 伪装的尼姆：阶梯尼姆与翻硬币游戏（议题 #38）。
word-step = 级台阶
word-head = 正面
word-step-number = 第 { $number } 级
word-head-number = 第 { $number } 枚正面
word-coins = 硬币
coins-count = { $n-digits } 枚硬币
word-move-down = 往下移
word-turn = 翻转
move-down = 把第 { $step } 级的 { $amount-digits } 枚硬币移到第 { $below } 级
move-moved-down = 把第 { $step } 级的 { $amount-digits } 枚硬币移到了第 { $below } 级
move-down-to-ground = 把第 1 级的 { $amount-digits } 枚硬币移到地面
move-moved-down-to-ground = 把第 1 级的 { $amount-digits } 枚硬币移到了地面
move-turn-head = 翻转第 { $head } 位的正面
move-turned-head = 翻转了第 { $head } 位的正面
move-turn-head-and = 翻转第 { $head } 位的正面和第 { $places } 位的硬币
move-turned-head-and = 翻转了第 { $head } 位的正面和第 { $places } 位的硬币
game-staircase-title = 阶梯尼姆
game-staircase-short = 阶梯尼姆
game-turtles-title = 翻乌龟游戏
game-turtles-short = 翻乌龟
game-mock-turtles-title = 仿乌龟游戏
game-mock-turtles-short = 仿乌龟
game-rule-staircase = 硬币放在编了号的台阶上；每步把某一级上任意多枚硬币移到下一级（第 1 级的移到地面，离开游戏）
game-rule-turtles = 一排硬币，有正有反；每步翻转一枚或两枚硬币，其中最右边的一枚必须由正面翻成反面
game-rule-mock-turtles = 一排硬币，有正有反；每步翻转一至三枚硬币，其中最右边的一枚必须由正面翻成反面
word-ground = 地面
frame-steps = 台阶
frame-coins = 一排硬币
head-at-place = 第 { $n } 位
## 欧几里得博弈。
game-euclid-title = 欧几里得博弈
game-euclid-short = 欧几里得
game-rule-euclid = 两个数；每步从较大的数中减去较小数的正整数倍
# 等级分（#39）：Glicko-2，每种游戏、每种规则各一个；偏差大时标“暂定”
rating-value = { $rating } ± { $rd }
rating-value-provisional = { $rating }？± { $rd }（暂定）
rating-short = { $rating }
rating-short-provisional = { $rating }？
rating-in = { $game } · { $mode } 等级分：{ $value }
game-ruler-title = 尺子游戏
game-ruler-menu = 尺子游戏
game-ruler-short = 尺子
game-rule-ruler = 一排硬币，有正有反；每步翻转任意一段相邻的硬币，其中最右边的一枚必须由正面翻成反面
move-turn-run = 翻转第 { $head } 位的正面及其左边直到第 { $left } 位的每一枚硬币（共 { $count-digits } 枚）
move-turned-run = 翻转了第 { $head } 位的正面及其左边直到第 { $left } 位的每一枚硬币（共 { $count-digits } 枚）
## 八进制游戏（`octal:CODE`）。`{ $code }` 是代码，如 `0.53`。
game-octal-title = 八进制游戏 { $code }
game-octal-menu = 八进制游戏 { $code }
game-octal-short = 八进制 { $code }
game-rule-octal = 按代码击倒球瓶：{ $takes }
octal-rule-take = { $count-digits } 个（{ $places }）
octal-place-whole = 整排
octal-place-end = 在一端
octal-place-inside = 在中间

# 诺斯科特游戏：每排若干格，各有一枚白子和一枚黑子。
game-northcott-title = 诺斯科特游戏
game-northcott-short = 诺斯科特
game-rule-northcott = 若干排格子，每排一枚白子、一枚黑子；把自己的一枚棋子沿本排向前或向后（后退，次数有限）移动，不能越过对方的棋子
word-squares = 格
squares-count = { $n-digits } 格
word-slide = 移动
word-white = 白
word-black = 黑
move-slide = 把第 { $row } 排的{ $colour }子从第 { $from } 格移到第 { $to } 格
move-slid = 把第 { $row } 排的{ $colour }子从第 { $from } 格移到了第 { $to } 格
move-slide-back = 把第 { $row } 排的{ $colour }子从第 { $from } 格退到第 { $to } 格（用掉一次后退机会）
move-slid-back = 把第 { $row } 排的{ $colour }子从第 { $from } 格退到了第 { $to } 格（用掉一次后退机会）
## 翻角游戏（`corners`）：格子上的正面，(x, y) 是第 x 列、第 y 行，从 1 数起。
game-corners-title = 翻角游戏
game-corners-short = 翻角
game-rule-corners = 格子上放满硬币，有正有反；每步翻转一个矩形的四个角，离左上角最远的那个角必须由正面翻成反面
move-corners = 翻转从 ({ $x }，{ $y }) 到 ({ $a }，{ $b }) 的四个角
move-turned-corners = 翻转了从 ({ $x }，{ $y }) 到 ({ $a }，{ $b }) 的四个角
frame-grid = 硬币方格
refused-bad-slide = 第 { $row-digits } 排的棋子不能移到第 { $to-digits } 格：棋子只能沿本排移动，不能跳过或落在对方的棋子上，也不能离开棋盘
refused-no-retreat = 向后移动要用掉一次后退机会，而你已经没有了
game-hackenbush-title = 绿色砍树游戏
game-hackenbush-short = 砍树
game-rule-hackenbush = 地面上立着由边组成的树；每步砍断一条边，不再连着地面的部分都会掉落
word-tree = 树
word-tree-number = 第 { $number } 棵树
word-edges = 条边
edges-count = { $n-digits } 条边
word-cut = 砍
frame-trees = 地面上的树
move-cut = 砍断第 { $tree } 棵树的第 { $edge } 条边（掉落 { $falls-digits } 条边）
move-cut-past = 砍断了第 { $tree } 棵树的第 { $edge } 条边（掉落了 { $falls-digits } 条边）
refused-no-such-edge = 第 { $tree-digits } 棵树只有 { $edges-digits } 条边，没有第 { $edge-digits } 条边可砍
notation-empty = 没有给出树：竹竿写成数，树写成树干的边数后面用括号列出它的分枝，例如“3 1(2,3)”
notation-unexpected = 第 { $at } 个字符“{ $found }”不是树的一部分：竹竿写成数，树写成树干的边数后面用括号列出它的分枝，例如“3 1(2,3)”
notation-missing = 第 { $at } 个字符处缺少边数：每段树干和分枝都写成它的边数，例如“1(2,3)”
notation-brackets = 括号不配对：树干或分枝后面的每个“(”都要在它的分枝之后用“)”闭合，例如“1(2,3)”
notation-zero = 第 { $at } 个字符处的树干或分枝有 0 条边：每段至少有一条边
notation-too-large = 第 { $at } 个字符处的数太大了：一棵树最多有 { $max } 条边
notation-too-many = 树干和分枝合计超过了 { $most } 段
notation-reopened = 第 { $at } 个字符处又出现了一个“(”：同一段树干或分枝上的所有分枝都写在同一对括号里，例如“3(1,2,4)”
