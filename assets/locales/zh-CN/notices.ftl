# 简体中文：notices，发生某事时游戏说的话或问的问题：无法撤销之前的确认、着法或开局被拒绝的原因、帮助
# 的说明与规则页、放不下的屏幕、关于自身文件的警告、另一个窗口。第一次显示时才读入，启动时不读。约定见
# words.ftl。

## 在无法撤回的操作之前的询问。

confirm-resign-counted = 认输吗？这局记为负局。
confirm-resign-not-counted = 认输吗？两人对局不计入统计。
confirm-abandon-counted = 离开这局去开新游戏吗？这局记为负局。
confirm-abandon-not-counted = 离开这局去开新游戏吗？两人对局不计入统计。
confirm-puzzle-hint-run = 显示答案吗？这道题将不计入：既不算解出，也不算尝试。
confirm-puzzle-hint-daily = 显示答案吗？今天的谜题将算作未解出。
confirm-replace-saved-counted = 开始新游戏吗？保存的对局将作废，并记为负局。
confirm-replace-saved-not-counted = 开始新游戏吗？保存的对局将作废（两人对局不计入统计）。
confirm-keys = { $yes } 或 y：是　{ $no } 或 n：否

refused-heap-holds = 第 { $heap-digits } 堆只有 { $n-digits } 枚棋子
## 开始界面：输入的内容为什么不能开始游戏。

start-preset-rule = 一堆 { $n-digits } 枚：{ $rule }
start-name-empty = 玩家{ $player ->
    [1] 甲
   *[other] 乙
}：名字不能为空
start-name-no-width = 玩家{ $player ->
    [1] 甲
   *[other] 乙
}：名字「{ $name }」以一个没有宽度的字符开头
start-name-refused = 玩家{ $player ->
    [1] 甲
   *[other] 乙
}：{ $reason }
start-heaps-none = 没有给出堆：请写出各堆的大小，例如「3 4 5」或「3,4,5」
start-heaps-negative = 「{ $word }」是负数：一堆的棋子数是 0 到 { $most } 的整数
start-heaps-too-large-number = 「{ $word }」太大了：一堆最多 { $most } 枚棋子
start-heaps-not-a-number = 「{ $word }」不是堆的大小：应为 0 到 { $most } 的整数
start-heaps-too-many = { $n-digits } 堆太多了：一局游戏有 1 到 { $most-digits } 堆
start-heaps-empty-heap = 第 { $heap-digits } 堆是空的：每堆开始时有 1 到 10^18 枚棋子
start-heaps-too-large = 第 { $heap-digits } 堆有 { $n-digits } 枚棋子：每堆开始时最多 10^18 枚
start-heaps-random = 随机堆：{ $reason }
start-heaps-not-a-preset = 「{ $text }」既不是堆也不是预设：请写出堆，例如「3 4 5」「3,4,5」或「3-4-5」，或者一个预设：3-4-5、marienbad、1-3-5-7-9 或 random
start-heaps-double-dash = 「{ $text }」：堆之间只用一个「-」「,」或空格分隔
start-heaps-played-on = { $name }只能有 { $n-digits } { $word }，这里给了 { $given-digits } { $word }
start-heaps-most = 第 { $heap-digits } { $word }有 { $size-digits } 枚：{ $name }开始时每{ $word }最多 { $most-digits } 枚，因为一步最多取 { $take-digits } 枚
start-heaps-least = { $name }开始时{ $heaps ->
    [one] {""}
   *[each] 每{ $word }
}至少要有 { $least-digits } 个{ $units }：{ $why }

## 帮助、规则页，以及放不下的屏幕。

help-title = 按键
help-footer = { $rules } 规则　{ $close } 关闭
help-more = 下面还有 { $n-digits } 行
help-digits = 输入数目（用于很大的堆）
help-mouse = 鼠标
help-mouse-click = 点一枚棋子：选中它和它后面的全部；再点一次就取走
help-digits-pin = 输入球瓶的编号：击倒的第一个球瓶
help-mouse-click-pin = 点一个球瓶：选中它；再点一次就击倒
help-ctrl-c = 立即退出
rules-title = 规则
rules-footer = { $keys } 按键　{ $close } 关闭
small-enlarge = 请把终端窗口调大
small-sizes = 需要 { $width }×{ $height }，现在 { $columns }×{ $rows }
small-quits = { $key } 退出

## 选中的着法为什么不能走。

refused-take-nothing = 一步至少要取一枚棋子
refused-too-many = 第 { $heap-digits } 堆只有 { $holds-digits } 枚棋子，取不了 { $take-digits } 枚
refused-too-many-heaps = 一步最多同时从 { $most-digits } 堆里取
refused-not-in-set = 不能取 { $take-digits } 枚：每步只能取 { $list } 枚
refused-over-limit = 现在最多只能取 { $limit-digits } 枚（对方上一步所取的两倍），不能取 { $take-digits } 枚
refused-whole-heap-first = 第一步不能取走整堆
refused-uneven = 两堆同取时，每堆取的数目必须相同
refused-bad-split = 第 { $heap-digits } 堆有 { $holds-digits } 枚棋子：分堆后两堆都至少要有一枚，所以不能留下 { $left-digits } 枚
refused-pin-count = 一步要击倒{ $one ->
    [yes] 一个或两个相邻的球瓶
   *[no] 两个相邻的球瓶
}，不能击倒 { $count-digits } 个

## 关于游戏自身文件（统计、保存的对局、课程进度）的警告，显示在开始界面顶部，退出时也会打印。
## `{ $file }`、`{ $dir }` 是路径；`{ $reason }`、`{ $why }`、`{ $error }` 是发现的问题（解析器的原话）；
## `{ $then }` 是游戏改做的事（store-fresh-statistics、store-no-game-resumed）。
store-data-unusable = { $dir } 无法存放 nim-tui 的文件（{ $why }）：统计、棋谱和课程进度都不会保存
store-state-unusable = { $dir } 无法存放 nim-tui 的文件（{ $why }）：未下完的对局不会保存
store-fresh-statistics = 统计从零开始
store-no-game-resumed = 不恢复保存的对局
store-kept = { $file }：{ $reason }；文件原样保留，{ $then }，也不会覆盖它
store-moved-aside = { $file } 无法读取（{ $reason }）；已移到 { $new }，{ $then }
store-not-moved = { $file } 无法读取（{ $reason }），也无法移开（{ $error }）；{ $then }，也不会覆盖它
store-lesson-kept = 课程从头开始：{ $file } 无法使用：{ $why }；文件原样保留，也不会覆盖它
store-lesson-bad = 课程从头开始：{ $file } 无法使用：{ $why }
store-not-json = 不是有效的 JSON：{ $error }

## 同一个主目录上的第二个窗口（#35），启动时就告知。`{ $pid }` 是另一个窗口的进程号。
other-window = 另一个 nim-tui 窗口（进程 { $pid }）正在使用同一个主目录。两个窗口都不会覆盖对方没下完的对局：如果两边都留下没下完的对局，后关闭的窗口会把自己的对局存为棋谱。

other-window-unknown = 另一个 nim-tui 窗口正在使用同一个主目录。两个窗口都不会覆盖对方没下完的对局：如果两边都留下没下完的对局，后关闭的窗口会把自己的对局存为棋谱。

refused-not-multiple = 不能从第 { $number } 个数中减去 { $take }：每步只能从较大的数中减去另一个数 { $other } 的倍数

refused-octal-count = 代码 { $code } 不允许一步击倒 { $count-digits } 个球瓶

refused-octal-place = 代码 { $code } 规定一步击倒 { $count-digits } 个相邻球瓶只能这样：{ $places }
