# 简体中文：play。约定见 words.ftl。

## 命令：帮助里的说明，以及按键行上的简短字样。

keys-play-again = 再玩一局
keys-new-game = 新游戏
keys-review-every-move = 复盘每一步
keys-review = 复盘
keys-save-the-games-record = 保存本局棋谱
keys-save-record = 存棋谱
keys-move-list = 着法列表
keys-binary-view = 二进制视图
keys-keys = 按键
keys-quit = 退出
keys-resign-counted = 认输（先确认；记为负局）
keys-resign-not-counted = 认输（先确认；两人对局不计入统计）
keys-erase-a-typed-digit = 删去输入的一位数字
keys-hint-show-best-move = 提示：显示并预选最佳着法
keys-hint = 提示
keys-undo-the-last-move-and-the = 悔棋：撤回上一步和对方的应着
keys-undo = 悔棋
keys-redo-what-was-undone = 恢复悔掉的一步
keys-new-game-asks = 新游戏（离开本局前先确认）
keys-move-list-heaps-after = 着法列表：每一步和走后的各堆
keys-move-list-rows-after = 着法列表：每一步和走后的各排
keys-moves = 着法
keys-binary-view-nim-sum = 二进制视图：各堆和尼姆和的二进制
keys-binary = 二进制
keys-theory-view-at-work = 理论面板：看本游戏的必胜规则怎样用于当前局面
keys-theory = 理论
keys-coach-a-verdict-on-each-move = 教练：评判每一步
keys-lesson-sprague-grundy = 课程：SG 定理（学完回到这里）
keys-lesson-nim = 课程：尼姆游戏的理论（学完回到这里）
keys-lessons-both = 课程：先尼姆游戏，再 SG 定理（学完回到这里）
keys-quit-the-game-is-kept = 退出（本局会保存）
keys-stop-the-demo-any-key = 停止演示（任意键）
keys-any-key-stops = 任意键停止
keys-watch-another-game = 再看一局
keys-again = 再来
keys-resume-any-other-key-too = 继续（其他键也可以）
keys-pause-any-other-key-too = 暂停（其他键也可以）
keys-resume = 继续
keys-pause = 暂停
keys-choose-the-heap-above = 选上一堆
keys-choose-the-heap-below = 选下一堆
keys-take-one-less = 少取一枚
keys-take-one-more = 多取一枚
keys-count = 数目
keys-take-one-token = 取一枚棋子
keys-take-the-whole-heap = 取走整堆
keys-switch-the-kind-of-move = 切换着法的种类
keys-switch = 切换
keys-take-the-chosen-tokens = 取走选中的棋子
keys-take = 取走
keys-choose-heap-above-keeps = 选上一堆（每堆保留各自的数目）
keys-choose-heap-below-keeps = 选下一堆（每堆保留各自的数目）
keys-take-one-less-from-this-heap = 从这一堆少取一枚（0：不从这堆取）
keys-take-from-every-heap = 从每个设了数目的堆取走选中的棋子
keys-same-from-both-heaps-or-from = 从两堆取同样多，或只从一堆取
keys-one-heap = 一堆
keys-both-heaps = 两堆
keys-take-the-count-from-both-heaps = 从两堆各取这个数目
keys-keep-one-less-in-the-heap = 这一堆少留一枚
keys-keep-one-more-in-the-heap = 这一堆多留一枚
keys-where-to-split = 分在哪里
keys-keep-one-token = 留一枚棋子
keys-keep-all-but-one = 只分出一枚
keys-split-the-heap-or-take-from = 把这堆分成两堆，或从中取走
keys-split-the-heap-there = 从这里把堆分开
keys-split = 分堆
keys-choose-the-row-above = 选上一排
keys-choose-the-row-below = 选下一排
keys-pin-before = 沿这一排移动：前一个球瓶
keys-pin-after = 沿这一排移动：后一个球瓶
keys-pin = 球瓶
keys-the-first-pin-of-the-row = 这一排的第一个球瓶
keys-the-last-pin-of-the-row = 这一排的最后一个球瓶
keys-knock-down-one-pin-or-two = 击倒一个球瓶，或两个相邻的球瓶
keys-one-pin = 一个球瓶
keys-two-pins = 两个球瓶
keys-knock-down-another-number-of-pins = 换一个要击倒的相邻球瓶数（依次换成代码允许的每一个）
keys-how-many-pins = 几个球瓶
keys-knock-down-the-chosen-pins = 击倒选中的球瓶
keys-knock-down = 击倒
keys-step = 逐步
keys-one-move-back = 后退一步
keys-one-move-forward = 前进一步
keys-to-the-start = 回到开头
keys-to-the-end = 跳到结尾
keys-back-to-the-end = 回到对局结束时
keys-back = 返回
keys-back-to-the-menu = 回到菜单
keys-next-puzzle = 下一道题
keys-next = 下一题
keys-menu = 菜单
keys-answer-with-the-chosen-move = 用选中的着法作答
keys-answer = 作答
keys-puzzle-hint = 提示（这道题不再计分）
keys-theory-view-short = 理论面板：本游戏的必胜规则
keys-resume-the-saved-game = 继续保存的对局
keys-open-the-puzzles = 打开谜题
keys-open-the-lesson = 打开课程
keys-start-the-game = 开始游戏
keys-menu-row-above = 选上一项
keys-menu-row-below = 选下一项
keys-choose = 选择
keys-change-the-choice = 改变选项
keys-change = 改变
keys-change-the-choice-the-other-way = 反方向改变选项
keys-open = 打开
keys-start = 开始
keys-erase-a-typed-character = 删去输入的一个字符
keys-scroll-up = 向上滚动
keys-scroll = 滚动
keys-scroll-down = 向下滚动
keys-the-rules-of-the-game = 游戏规则
keys-rules = 规则
keys-close-the-help = 关闭帮助
keys-close = 关闭
keys-back-to-the-keys = 回到按键
keys-yes-or-y = 是（或按 y）
keys-yes = 是
keys-no-or-n = 否（或按 n）
keys-no = 否

## 每个动作的说明（手册页用英文的）。

action-up = 选上一堆
action-down = 选下一堆
action-less = 少取一枚
action-more = 多取一枚
action-take-one = 取一枚棋子
action-take-all = 取走整堆
action-take = 取走选中的棋子
action-erase = 删去输入的一位数字
action-hint = 提示：显示并预选最佳着法
action-new-game = 新游戏
action-help = 打开帮助
action-quit = 关闭／退出
action-binary = 二进制视图：各堆和尼姆和的二进制
action-coach = 教练：评判你的每一步
action-lesson = 学习本游戏的理论（尼姆游戏课或 SG 定理课）
action-review = 对局结束后：复盘每一步
action-undo = 悔棋：撤回你的上一步和电脑的应着
action-redo = 恢复悔掉的一步
action-history = 着法列表：每一步和走后的各堆
action-record = 对局结束后：保存棋谱（nim-tui replay 文件）
action-resign = 认输（先确认；记为负局）
action-switch = 切换着法的种类：两堆同取（威佐夫博弈），分堆（拉斯克），两个球瓶（Kayles）
action-tournament = 在课堂服务器的老师控制台上：开始一场班级比赛，或结束正在进行的比赛

## 屏幕上的玩家名字。两人对局的默认名字是数据（配置和文件里写 "Player 1"），只在屏幕上译出：
## 玩家甲／玩家乙（与电脑甲／电脑乙一致；“玩家 1”后接数字会连成“玩家 10”）。

players-you = 你
players-ai = 电脑
players-ai-1 = 电脑甲
players-ai-2 = 电脑乙
players-default-1 = 玩家甲
players-default-2 = 玩家乙

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

## 游戏中的消息。

toss-you-first = 掷硬币：你先走
toss-first = 掷硬币：{ $name }先走
message-record-saved = 已保存到 { $path }
message-not-done = 未能完成：{ $problem }
refused-heap-holds = 第 { $heap-digits } 堆只有 { $n-digits } 枚棋子

## 对局如何结束。`{ $who }` 是屏幕上显示的名字（你、电脑、小明）。

ending-misere = { $who }不得不取走最后一枚棋子
ending-resigned = { $who }认输了
ending-left = { $who }离开了对局

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

## 开始界面。

start-title = 新游戏
start-more = { $arrow } 还有 { $count } 行
start-note = 注意：{ $note }
start-row-game = 游戏
start-row-mode = 玩法
start-row-heaps = 堆
start-row-first = 先手
start-row-level = 电脑水平
start-row-opponent = 对手
start-mode-normal = 正常玩法
start-mode-misere = 反常玩法
start-mode-normal-only = 只有正常玩法（没有反常玩法）
start-heaps-fitted = { $arrow } 本游戏用：{ $heaps }
start-northcott-board = 各排空格数 { $gaps }，各排分别有 { $widths } 格，双方各可后退 { $retreats } 次
start-heaps-marienbad = 马里昂巴德 1 3 5 7
start-heaps-random-choice = 随机
start-random-ranges = { $fewest-digits } 到 { $most-digits } 堆，每堆 { $least-digits } 到 { $largest-digits } 枚
start-random-one-heap = ，{ $arrow } 本游戏用：合成一堆
start-random-first = ，{ $arrow } 本游戏用：前 { $n-digits } 堆
start-random-at-most = ，{ $arrow } 本游戏用：每堆最多 { $n-digits } 枚
start-heaps-custom = 自定义：
start-heaps-custom-empty = 输入各堆（2 5 7）或预设（marienbad）
start-first-random = 随机（掷硬币）
start-first-coin-toss = 掷硬币
start-level-perfect = 完美
start-level-hard = 困难
start-level-medium = 中等
start-level-easy = 简单
start-level-perfect-note = 从不失误
start-level-hard-note = 10% 的着法随机走
start-level-medium-note = 30% 的着法随机走
start-level-easy-note = 60% 的着法随机走
start-opponent-human = 真人
start-opponent-human-note = 两人共用一个键盘
start-resume = 继续
start-resume-turn-of = 轮到{ $name }
start-resume-your-turn = 轮到你
start-resume-ai-turn = 轮到电脑
start-resume-details = { $mode }：各堆 { $heaps }，{ $turn }
start-resume-game-details = { $name }，{ $mode }：各{ $word } { $heaps }，{ $turn }
start-start = 开始
start-puzzles = 谜题
start-puzzles-note = 找出唯一的必胜着法
start-learn = 学习
start-learn-nim-note = 一步一步学会尼姆游戏的必胜法
start-learn-sprague-grundy-note = SG 值：Kayles 游戏、减法游戏
start-stats-game-normal = { $game }（正常玩法）
start-stats-game-misere = { $game }（反常玩法）
start-stats = 玩 { $played-digits } 局 · 胜 { $won-digits } · 负 { $lost-digits } · 连胜 { $streak-digits }（最佳 { $best-digits }）
start-stats-short = 玩 { $played-digits } 局 · 胜 { $won-digits } · 负 { $lost-digits }
keys-unbound = （未绑定）
# 方向键的名字（ASCII 和 CJK 字形下，箭头不画出来，改用名字）。
key-name-up = 上
key-name-down = 下
key-name-left = 左
key-name-right = 右

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

## 走完一步后棋盘下的一行。

note-moved = { $who }走了一步：{ $move }

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
keys-choose-the-head-before = 选前一个正面
keys-choose-the-head-after = 选后一个正面
keys-coin-before = 另一枚硬币：往左一位
keys-coin-after = 另一枚硬币：往右一位
keys-coin = 硬币
keys-the-head-alone = 只翻这个正面
keys-the-coin-next-to-the-head = 紧挨着正面的那枚硬币
keys-keep-this-coin-choose-a-third = 留住这枚硬币，再选第三枚；或改回翻两枚
keys-two-coins = 两枚硬币
keys-three-coins = 三枚硬币
keys-turn-the-chosen-coins = 翻转选中的硬币
keys-turn-over = 翻转
keys-corner-before = 对角：往回一格（往左，或到上一行的末尾）
keys-corner-after = 对角：往前一格（往右，或到下一行的开头）
keys-corner = 对角
keys-the-top-left-corner = 左上角（最大的矩形）
keys-the-corner-next-to-the-head = 紧挨着正面的角（最小的正方形）
keys-turn-the-four-corners = 翻转矩形的四个角
keys-choose-the-step-below = 选下一级台阶
keys-choose-the-step-above = 选上一级台阶
keys-move-one-coin-less = 少移一枚
keys-move-one-coin-more = 多移一枚
keys-move-one-coin = 只移一枚
keys-move-every-coin-of-the-step = 把这一级的硬币全部移下去
keys-move-the-chosen-coins-down = 把选中的硬币往下移一级
keys-move-down = 往下移
refused-not-multiple = 不能从第 { $number } 个数中减去 { $take }：每步只能从较大的数中减去另一个数 { $other } 的倍数
refused-octal-count = 代码 { $code } 不允许一步击倒 { $count-digits } 个球瓶
refused-octal-place = 代码 { $code } 规定一步击倒 { $count-digits } 个相邻球瓶只能这样：{ $places }
keys-square-left = 沿这一排移动：左边一格
keys-square-right = 沿这一排移动：右边一格
keys-square = 格
keys-the-leftmost-square = 棋子能到的最左一格
keys-the-rightmost-square = 棋子能到的最右一格
keys-slide-the-counter = 把你的棋子移到选中的格
keys-slide = 移动
board-retreats = 后退机会：白方 { $white-digits } 次，黑方 { $black-digits } 次
board-to-move-white = 轮到白方走
board-to-move-black = 轮到黑方走
keys-choose-the-tree-before = 选前一棵树
keys-choose-the-tree-after = 选后一棵树
keys-edge-before = 前一条边（沿树干往下，再沿分枝往回）
keys-edge-after = 后一条边（沿树干往上，再依次沿各分枝往上）
keys-edge = 边
keys-the-trunk-s-lowest-edge = 树干最下面的边（整棵树都会掉落）
keys-the-last-edge = 这棵树的最后一条边
keys-cut-the-chosen-edge = 砍断选中的边
keys-cut = 砍
