# 简体中文：cli。约定见 words.ftl。

## solve：尼姆游戏的二进制演算

solve-nim-heading = 尼姆游戏，{ $mode }（{ $rule }），各堆为
solve-heap-label = 第 { $n } 堆
solve-nim-sum-label = 尼姆和
solve-nim-over-won = 每一堆都已取空：游戏结束，轮到走的一方已经获胜（对方取走了最后一枚棋子）。
solve-nim-over-lost = 每一堆都已取空：游戏结束，轮到走的一方已经落败（对方取走了最后一枚棋子）。
solve-ai-would-nim = 电脑会{ $move }，让对方最容易走错。

## solve：各种游戏

solve-no-winning-move = 没有必胜着法。
solve-wins = 轮到走的一方有必胜策略。共有 { $n-digits } 种必胜着法：
solve-wins-at-least = 轮到走的一方有必胜策略。必胜着法至少有 { $n-digits } 种（太多，限定时间内数不完）：
solve-more = ……另有 { $rest } 种（只列出前 { $listed } 种）
solve-more-at-least = ……另有至少 { $rest } 种（只列出前 { $listed } 种）
solve-list-cut = （列表到此截断：只列出了 { $listed } 种，少于所要求的；其余的太多，无法按顺序列出）
solve-loses = 只要对方不失误，轮到走的一方必败：没有必胜着法。
solve-why = 原因：{ $reason }。
solve-ai-would = 电脑会{ $move }。

## solve：其他游戏

solve-game-heading = { $game }，{ $mode }（{ $rule }），各{ $word }为 { $heaps }
solve-game-heading-first-move = { $game }，{ $mode }（{ $rule }），各{ $word }为 { $heaps }，现在走第一步
solve-game-heading-limit = { $game }，{ $mode }（{ $rule }），各{ $word }为 { $heaps }，下一步最多取 { $limit } 枚
solve-game-rule = { $rule }。
solve-item-label = 第 { $n } { $word }
solve-grundy-value = SG 值 { $value }
solve-grundy-xor = 各 SG 值的异或：{ $sum }
solve-quotient-product = 反常商：各排之积为 { $product }；必败的积为 { $p }
solve-note = （{ $note }）
solve-moore-columns = 二进制各列（从最高位起）为 1 的堆数：{ $counts }
solve-moore-modulo = 这些堆数除以 { $modulus } 的余数：{ $rests }
solve-moore-endgame = （反常玩法的残局：至多 { $k } 堆还有 2 枚或以上，由只剩 1 枚的堆数决定胜负）
solve-wythoff-pair = ({ $a },{ $b })
solve-wythoff-pairs = 这两堆附近的必败数对（第 k 对为 (⌊kφ⌋,⌊kφ²⌋)，φ = (1+√5)/2 为黄金分割比）：{ $pairs }
solve-wythoff-partners = 第 1 堆（{ $first }）与 { $first-partner } 构成必败数对；第 2 堆（{ $second }）与 { $second-partner } 构成必败数对；两数之差为 { $difference } 的必败数对是 { $pair }
solve-fibonacci-terms = 这一堆 { $heap } = { $sum }（齐肯多夫表示：互不相邻的斐波那契数之和）
solve-fibonacci-next = 下一步可取 1 到 { $most } 枚
solve-fibonacci-next-first = 下一步可取 1 到 { $most } 枚（只要不把整堆取完）
solve-game-over-won = 已无棋可走：游戏结束，轮到走的一方已经获胜（最后一步是对方走的）。
solve-game-over-lost = 已无棋可走：游戏结束，轮到走的一方已经落败（最后一步是对方走的）。

## solve：读不懂的局面（写到标准错误；JSON 的错误对象仍用英文）

solve-error-empty = 没有给出任何堆：请写出各堆的大小，例如“3 4 5”或“3,4,5”
solve-error-negative = “{ $word }”是负数：一堆的棋子数是 0 到 { $max } 之间的整数
solve-error-too-large = “{ $word }”太大：一堆最多有 { $max } 枚棋子
solve-error-not-a-number = “{ $word }”不是堆的大小：应为 0 到 { $max } 之间的整数
solve-error-heap-count = { $game }只能有 { $heaps-digits } 堆，这里给了 { $given } 堆
solve-error-unexpected-limit = 只有斐波那契博弈才有下一步的取数上限
solve-error-zero-limit = 还有棋子时上限不能为 0，否则无棋可走：上限是上一步所取枚数的两倍，至少为 2
solve-error-limit = “{ $word }”不是上限：“/”后面写下一步最多可取的枚数，为 1 到 { $max } 之间的整数
solve-error-no-limit-here = 只有斐波那契博弈才有上限（堆/上限）；{ $game }只写各堆
solve-error-not-utf8 = 这一行不是 UTF-8 文本
solve-error-line = 第 { $line } 行：“{ $text }”不是一个局面：{ $why }
solve-error-read = 无法读取标准输入：{ $error }
solve-error-write = 无法写出答案：{ $error }

## stats

stats-played = 局数
stats-won = 胜
stats-lost = 负
stats-assisted = 辅助胜
stats-streak = 连胜
stats-best = 最长连胜
stats-resigned = 认输
stats-abandoned = 中途放弃
stats-game = { $title }：
stats-row-normal = 正常玩法
stats-row-misere = 反常玩法
stats-total = 合计
stats-puzzles = 谜题：共 { $attempted } 道，解出 { $solved } 道；连续解出 { $streak } 道，最多连续 { $best } 道
stats-note = 辅助胜（用了提示、悔棋，或对手电脑弱于完美水平）算作胜局，但不计入连胜。
    认输和中途放弃的对局都算作负局。
stats-other-games = 以下是这个版本的 nim-tui 不玩的游戏的数据，原样保留，不计入此表：{ $names }。
stats-other-games-more = 以下是这个版本的 nim-tui 不玩的游戏的数据，原样保留，不计入此表：{ $names }，另有 { $more } 个。
stats-list-separator = 、

## paths

paths-config = 配置文件
paths-data = 数据目录
paths-state = 状态目录
paths-log = 日志
paths-unknown = 未知：没有主目录（未设置 $HOME）
paths-unusable = { $path }（无法使用：{ $why }；不会保存任何内容）
paths-config-exists = { $path }（存在）
paths-config-missing-given = { $path }（未找到：nim-tui 将拒绝以它启动）
paths-config-missing = { $path }（未找到：使用内置默认设置）
paths-config-unreachable-given = { $path }（无法查找：{ $why }；nim-tui 将拒绝以它启动）
paths-config-unreachable = { $path }（无法查找：{ $why }；使用内置默认设置）
paths-config-refused = { $path }（存在，但 nim-tui 将拒绝以它启动：{ $why }）
paths-log-on = { $path }（已开启：{ $variable }={ $level }）
paths-log-off = { $path }（未开启：设置 { $variable }=debug 即可写入）

## 标准错误上的消息（程序名不译）。
cli-warning = nim-tui: 警告：{ $message }
replay-cannot-read = 无法读取 { $name }：{ $error }
replay-not-utf8 = { $name }：不是棋谱：不是 UTF-8 文本
replay-standard-input = 标准输入
replay-record-error = { $name }：第 { $line } 行：{ $problem }
record-error-header = 不是棋谱：第一行必须是“{ $header }”
solve-error-too-many-coins = 阶梯尼姆的硬币总数最多为 { $max }，因为往下移的硬币会加到下一级上；这些台阶共有 { $total } 枚
solve-error-heads = 正面的位置从 1 数起，每个位置只写一次（例如 3 5 9），且不能为 0
solve-euclid-division = 带余除法：{ $larger } = { $quotient } × { $smaller } + { $remainder }
solve-euclid-above = { $larger } ÷ { $smaller } > φ（{ $larger }² − { $larger }·{ $smaller } − { $smaller }² > 0）：先走的一方能赢
solve-euclid-below = { $larger } ÷ { $smaller } < φ（{ $larger }² − { $larger }·{ $smaller } − { $smaller }² < 0）：除非两数相等，先走的一方必败

# `nim-tui stats`：对战电脑较弱难度的等级分（#39）
stats-rating = 等级分，{ $rating }（已计 { $games-digits } 局；只计对战电脑的简单、中等、困难难度且未用提示或悔棋的对局）
stats-rating-puzzles = 等级分，{ $rating }（已计 { $games-digits } 道谜题；不用提示、第一次就答对算战胜该题，题目按难度定分：简单 1000、中等 1300、困难 1600）
solve-error-board-count = 诺斯科特游戏的写法是：轮到谁走（1 为白方，2 为黑方）、白方和黑方剩下的后退次数加一（没有后退机会写 1），再写每排的宽度、白子所在格和黑子所在格，共 3 + 3 × 排数个数，至少 6 个，而不是 { $given } 个
solve-error-board-mover = 诺斯科特游戏：第一个数表示轮到谁走，1 为白方，2 为黑方，不能是 { $found }
solve-error-board-retreats = 诺斯科特游戏：第二、三个数是白方和黑方剩下的后退次数加一（没有后退机会写 1），不能是 0
solve-error-board-row = 诺斯科特游戏：第 { $row } 排（宽 { $width }，白子在第 { $white } 格，黑子在第 { $black } 格）必须满足 1 ≤ 白子 < 黑子 ≤ 宽度
solve-error-forest-ends = 绿色砍树游戏：第 { $at } 个数 1000000000000000000 开始的树在最后一个分枝之前就结束了；它后面按先序依次写每一段的长度和分枝数加一（竹竿直接写成数）
solve-error-forest-zero = 绿色砍树游戏：第 { $at } 个数是 0，但树的每一段至少有一条边，分枝数要加一再写
solve-error-forest-too-large = 绿色砍树游戏：第 { $tree } 棵树的边数超过了 { $max }

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
