# 纯文本模式（`--plain`、TERM=dumb、ACCESSIBLE=1）：给读屏软件和程序的逐行文字。每行一条播报。
# 协议以英文行为准（docs/plain-protocol.md）；中文行供人阅读。

plain-hello = nim-tui 纯文本模式，协议版本 { $version-digits }。输入 help（帮助）查看命令。
plain-sentence = { $text }。
plain-list-separator = ，

## 局面与轮到谁
plain-heaps = 各堆：{ $heaps }。
plain-rows = 各行：{ $heaps }。
plain-steps = 从第 1 级起各级的硬币：{ $heaps }。
plain-heads = 正面的位置：{ $heaps }。
plain-limit = { $position }最多可取 { $limit-digits }。
plain-your-move = { $position }轮到你走。
plain-turn-of = { $position }轮到{ $name }走。
plain-ai-to-move = { $position }轮到{ $name }走。
plain-your-answer = { $position }请作答。
plain-heading = 游戏：{ $title }。规则：{ $rule }。

## 一局结束
plain-you-win = { $why }你赢了。
plain-you-lose = { $why }你输了。
plain-wins = { $why }{ $name }赢了。
plain-over-prompt = 本局结束。输入 a 再来一局，m 回到菜单，s 保存棋谱，q 退出。
plain-over-demo = 本局结束。输入 a 再看一局，q 退出。

## 教学视图，每堆一行
plain-binary-heap = { $heap }：{ $size-digits }，二进制 { $binary }
plain-nim-sum = 尼姆和：{ $sum-digits }，二进制 { $binary }
plain-grundy-heap = { $heap }：{ $size-digits }，格兰迪值 { $value }
plain-grundy-sum = 各格兰迪值的异或：{ $sum }
plain-quotient-row = { $heap }：{ $size-digits }，反常商元素 { $element }
plain-quotient-product = 各排之积为 { $product }
plain-zeckendorf = 堆 { $heap-digits } = { $terms }
plain-view = { $on ->
    [yes] 视图已打开：每个局面后都会列出。
   *[other] 视图已关闭。
}
plain-coach = { $on ->
    [yes] 教练已打开：你每走一步都会点评。
   *[other] 教练已关闭。
}

## 各游戏的走法示例
plain-example-one = 1 2（从第 1 堆取 2）
plain-example-several = 1 2，3 1（从第 1 堆取 2，同时从第 3 堆取 1）
plain-example-both = 1 2（从第 1 堆取 2）或 both 3（两堆各取 3）
plain-example-split = 1 2（从第 1 堆取 2）或 2 split 3（把第 2 堆分开，原处留 3）
plain-example-pins = 1 pin 3（击倒第 1 行的第 3 个瓶）或 1 pins 3 4（击倒第 3、4 个瓶）
plain-example-two-pins = 1 pins 3 4（击倒第 1 行的第 3、4 个瓶）
plain-example-pin-run = 1 pins 3 4 5（击倒第 1 行的第 3、4、5 个瓶），击倒一个瓶写 1 pin 3：相邻的瓶数按代码允许的来
plain-example-turn = 9 4（翻转第 9 位的正面和第 4 位的硬币）

## 菜单
plain-menu-title = 开始菜单。
plain-menu-saved = 有一局未下完的棋已保存。
plain-menu-prompt = { $saved ->
    [yes] 输入 p 开始{ $game }，r 继续已保存的棋局，puzzles 做谜题，learn 上课，q 退出。
   *[other] 输入 p 开始{ $game }，puzzles 做谜题，learn 上课，q 退出。
}
plain-question = { $question }请输入 y 或 n。
plain-yes-or-no = 请输入 y 表示是，n 表示否。

## 谜题
plain-puzzle-heading = 谜题 { $number-digits }，种子 { $seed }：{ $game }。
plain-puzzle-daily = 今日谜题：{ $game }。
plain-puzzle-next = { $leave ->
    [menu] 输入 n 做下一题，q 回到菜单。
   *[other] 输入 n 做下一题，q 退出。
}

## 课程
plain-lesson-heading = { $course }，第 { $step-digits } 步，共 { $steps-digits } 步：{ $title }。
plain-lesson-example = 示例，第 { $at-digits } 个局面，共 { $of-digits } 个：{ $position }
plain-grundy-table = 0 到 { $upto-digits } 各堆的格兰迪值：{ $values }。
plain-lesson-replay = 示例对局：输入 f 看下一个局面，rewind 看上一个。
plain-lesson-try-again = 不太对，再试一次。
plain-lesson-answer = { $words ->
    [yes] 请作答：输入 赢 或 输（也可输入 win 或 lose）。输入 n 进入下一步，q 退出。
   *[other] 请输入答案。输入 n 进入下一步，q 退出。
}
plain-lesson-prompt = { $last ->
    [yes] { $play ->
        [yes] 这是最后一步。输入 p 用这个局面对弈，back 回到上一步，q 退出。
       *[other] 这是最后一步。输入 back 回到上一步，q 退出。
    }
   *[other] { $play ->
        [yes] 输入 n 进入下一步，p 用这个局面对弈，back 回到上一步，q 退出。
       *[other] 输入 n 进入下一步，back 回到上一步，q 退出。
    }
}

## 帮助，每条命令一行
plain-help-move = 走法：{ $example }；也可以用英文句子，如 take 2 from 1。
plain-help-answer = 答案是一步棋：{ $example }。
plain-help-hint = h 或 hint（提示）：最佳走法及原因。
plain-help-puzzle-hint = h 或 hint（提示）：显示答案（本题随后不计分）。
plain-help-undo = u 或 undo（悔棋）：收回你的上一步；redo 重新走回。
plain-help-view = b 或 binary：每个局面后列出教学视图；c 或 coach（教练）：点评每一步。
plain-help-resign = resign（认输）：放弃本局；m 或 menu：离开本局回到菜单。
plain-help-look = 空行或 l：再说一遍局面。
plain-help-quit-kept = q 或 quit（退出）：停下；棋局会保存到下次。
plain-help-quit = q 或 quit（退出）：离开。
plain-help-over = a 或 again：再来一局；m 或 menu：菜单；s 或 save：保存棋谱。
plain-help-menu = p 或 play：开始一局；r 或 resume：继续已保存的棋局；puzzles：谜题；learn：课程。
plain-help-lesson = 输入答案；n 或 next：下一步；back：上一步；lesson：另一门课。
plain-help-lesson-replay = f 或 forward：示例的下一个局面；rewind：上一个。
plain-help-lesson-play = p 或 play：用这一步的局面与 AI 对弈。

## 没看懂的行，以及其他回答
plain-not-understood-move = 没看懂：{ $line }。请输入一步棋，例如 { $example }，或输入 help（帮助）查看命令。
plain-not-understood = 没看懂：{ $line }。输入 help（帮助）查看命令。
plain-too-long = 这一行超过 { $max-digits } 个字符，已忽略。
plain-not-utf8 = 这一行不是 UTF-8 文本，已忽略。
plain-not-your-turn = 还没轮到你走。
plain-cannot-choose = 这里不能选这一步。
plain-nothing-to-undo = 没有可以收回的一步。
plain-nothing-to-redo = 没有可以重做的一步。
plain-no-heap = 没有{ $name }：一共只有 { $count-digits } 个。
plain-undone = 已收回。
plain-no-review = 纯文本模式不提供复盘。输入 q 离开。
plain-no-replay = replay 没有纯文本模式：棋谱本身就是文本文件，每行一步（见 `nim-tui replay --help`）

## 课堂服务器的纯文本入口（TERM=dumb 的 ssh、ssh -T、网页的纯文本模式）
plain-lobby-heading = 课堂服务器大厅。你是 { $me }。
plain-lobby-person = { $name }：{ $at }。
plain-lobby-alone = 还没有别人进来。
plain-lobby-left = { $name } 离开了。
plain-lobby-activity = { $paused ->
    [yes] 课堂活动 { $activity }，局面 { $position }：老师已暂停。
   *[other] 课堂活动 { $activity } 进行中：局面 { $position }。
}
plain-lobby-prompt = 大厅。输入 ai（人机）和电脑下棋，play 加名字向某人挑战，watch 加名字观战，who（谁在）、standings（排行榜）、help（帮助）或 quit（退出）。
plain-lobby-challenged = { $name } 向你挑战。输入 accept（接受）或 decline（拒绝）。
plain-lobby-no-challenge = 没有人向你挑战。
plain-lobby-nobody = 这里没有叫 { $name } 的人。输入 who（谁在）查看名单。
plain-lobby-yourself = 那是你自己：请说别人的名字。
plain-serve-over = 对局结束。输入 q 回到大厅。
plain-serve-leave = 离开这局吗？这局算你输。输入 y 或 n。
plain-serve-only-leave = 你在这里不能走棋。输入 q 回到大厅。
plain-serve-idle = 你有一阵子没有输入了：请在 { $seconds-digits } 秒内输入点什么，以免断开连接。
plain-serve-bye = 再见。
plain-help-serve-leave = q 或 quit（退出）：回到大厅。
plain-help-lobby-ai = ai（人机）：和电脑下一局（先到开始菜单）。
plain-help-lobby-play = play 名字 或 challenge 名字（挑战）：向大厅里的人挑战。
plain-help-lobby-watch = watch 名字 或 w 名字（观看）：观看某人的对局。
plain-help-lobby-answer = accept（接受）或 decline（拒绝）：回应挑战。
plain-help-lobby-who = who（谁在）、l 或空行：再说一遍谁在这里。
plain-help-lobby-standings = standings（排行榜）：排行榜。
plain-help-lobby-quit = q 或 quit（退出）：离开服务器。

## 开始菜单的设置，用输入的方式
plain-menu-game = 已选择：{ $game }。
plain-menu-heaps = 已选择的各堆：{ $heaps }。开局时再检查是否可用。
plain-menu-no-game = 没有叫 { $name } 的游戏。可选的游戏：{ $names }。
plain-menu-no-misere = { $game }没有反常规则：按常规规则进行。
plain-help-menu-settings = game 名称（游戏）、heaps 3 4 5（堆）、misere（反常）或 normal（常规）：更换游戏、各堆或规则。
plain-euclid = 带余除法：{ $larger } = { $quotient } × { $smaller } + { $remainder }
plain-example-slide = 2 7（把你在第 2 排的棋子移到第 7 格）
plain-example-corners = 5 4 2 1（翻转从第 5 列第 4 行的正面到第 2 列第 1 行的矩形的四个角）
plain-board-row = 第 { $row-digits } 排：共 { $width-digits } 格，白子在第 { $white-digits } 格，黑子在第 { $black-digits } 格，空格 { $gap-digits } 个
plain-row-separator = ；
plain-board = { $rows }。{ $mover }；剩下的后退机会：白方 { $white-digits } 次，黑方 { $black-digits } 次。
plain-board-after = { $position }棋盘：{ $board }
plain-trees = 各棵树：{ $heaps }。
plain-example-cut = 2 cut 3（砍断第 2 棵树的第 3 条边；树的边先沿树干往上数，再依次沿每个分枝往上数）
