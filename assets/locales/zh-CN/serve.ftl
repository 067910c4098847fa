# 简体中文：serve。约定见 words.ftl。

## 服务器在游戏画面之外说的话

serve-no-commands = nim-tui 不运行命令：请直接用 `ssh -t` 连接来玩。
serve-code-prompt = 班级口令：
serve-code-instructions = 请输入老师给全班的口令。
serve-idle-warning = 你已经有一会儿没有按键了：请在 { $seconds } 秒内按任意键，否则将断开连接。
serve-idle-kicked = 连接已断开：太久没有按键。请重新连接。
serve-stopping-game = 服务器正在关闭。你的这局棋记为由服务器结束，不算输。
serve-stopping = 服务器正在关闭。谢谢你来玩！
serve-no-records = 服务器上不保存对局记录

## 大厅（名字是学生的 SSH 登录名，通常是拉丁字母，所以和中文之间留空格，如“和 bob 对局”）

serve-lobby-title = nim-tui · 课堂 · 你是 { $me }
serve-people = 服务器上共有 { $n-digits } 人
serve-in-lobby = 在大厅
serve-on-host = { $doing }（在主机 { $host }）
serve-playing-ai = 和电脑对局
serve-playing = 和 { $with } 对局
serve-watching-someone = 观看 { $whom }
serve-you = { $name }（你）
serve-teacher = { $name }（老师）
serve-board-ai = 对战电脑（按游戏和难度）：未借助提示的胜局／总局数
serve-board-players = 玩家之间：胜局／总局数
serve-board-title = 排行榜
serve-board-empty = 暂无已下完的对局。
serve-board-line = { $game } · 难度 { $level }：{ $names }
serve-lobby-keys = { $enter } 和电脑下或发起挑战 · c 挑战 · w 观战 · 上/下 选择 · l 读屏用纯文本 · { $quit } 离开
serve-challenged = { $by } 向你发起挑战：y 接受 · n 拒绝
serve-challenge-sent = 已向 { $to } 发出挑战：等待回应⋯⋯
serve-declined = { $by } 拒绝了挑战。
serve-move-limit = 这局棋已走了 { $moves } 步，达到服务器上一局的上限，已结束，记为由服务器结束（不算输）。
serve-left = { $who } 离开了对局。
serve-busy = { $who } 正忙：请挑战大厅里的人。
serve-nothing-to-watch = { $who } 没有在对局：没有可观看的棋局。
serve-asking-to-watch = { $who } 在另一台主机上对局：正在取来这局棋。

## 对局中

serve-watched-by = 正在观看：{ $names }
serve-watching = 你正在观看 { $players } · { $quit } 回到大厅
serve-players-two = { $first } 和 { $second }
serve-players-ai = { $first } 对电脑
serve-list-separator = 、

## 老师控制台：全班挑战中学生的结果

serve-assignment-won = { $name } 用 { $seconds } 秒获胜
serve-assignment-lost = { $name } 落败，用时 { $seconds } 秒

## 课堂：告诉每位玩家发生了什么

serve-top-ask-leave = 离开这局棋？将记为输：y 离开 · 按其他任意键留下
serve-top-away = { $who } 的连接断开了：这局棋最多等 { $minutes } 分钟 · { $quit } 离开（记你赢）
serve-top-gone = { $who } 已离开棋桌 · { $quit } 回到大厅
serve-top-back = 欢迎回来：你的棋局还在原处。
serve-top-given = { $teacher } 发给全班的局面：请与电脑对弈
serve-top-given-watched = { $teacher } 发给全班的局面 · 正在观看：{ $names }
serve-host-lost = { $who } 所在的服务器失去了联系：这局由服务器结束，不计胜负。
serve-left-you-won = { $who } 中途离开了对局：记你赢。
serve-you-left = 你离开了对局：记为输。
serve-watched-ended = 你观看的对局（{ $players }）已结束。
serve-engaged = { $who } 正在回应另一个挑战：请稍后再试。
serve-given-while-busy = 你对局时，{ $teacher } 给全班发了一个局面：在自己的名字上按 { $enter } 可以自己下一局。
serve-give-lost = 局面 { $position } 是先手必败的局面：再按 g，就让电脑先走（学生下得好就能赢）· 按其他任意键取消发送。
serve-given = 活动 { $activity }：已把局面 { $position } 发给 { $count-digits } 名学生{ $hosts ->
    [0] {""}
   *[other] （本机），并发往另外 { $hosts-digits } 台主机给那里的学生
}{ $second ->
    [yes] ，由电脑先走。
   *[no] 。
}
serve-confirm-quit = 离开服务器？y 离开 · 按其他任意键留下
serve-kicked = 老师让你离开了服务器。重新连接前请先问问老师。

## 老师控制台

console-title = nim-tui · 老师控制台 · { $me } · 在线 { $n-digits } 人，对局中 { $playing-digits } 人
console-class = 全班
console-name = 名字
console-doing = 状态
console-name-on-host = { $name }（主机 { $host }）
console-position = 局面
console-accuracy = 准确率
console-games = 胜局
console-last = 最近结果
console-won-ai = 胜 · { $game } · { $level }
console-lost-ai = 负 · { $game } · { $level }
console-won = 胜 { $opponent } · { $game }
console-lost = 负于 { $opponent } · { $game }
console-ended = 由服务器结束 · { $game }
console-race = 全班挑战：{ $position }
console-race-waiting = { $n-digits } 名学生正在下这个局面：还没有人下完。
console-keys = { $updown } 选择 · { $enter } 观看 · g 把所选对局的局面发给所有人 · k 请所选学生离开 · v 投影视图 · p 和电脑下棋 · { $tournament } 班级比赛 · { $quit } 离开
console-projector-keys = v 回到全班视图 · { $quit } 离开
console-join = 加入课堂
console-join-terminal = 在终端里输入（NAME 换成自己的名字，用拼音或英文字母）：
console-join-code = 然后输入班级口令：
console-join-no-code = 没有班级口令：在密码提示处直接按回车。
console-standings = 排名：先比胜局，再比准确率（面对必胜局面时走对的比例）
console-confirm-kick = 请 { $who } 离开服务器？y 确定 · 按其他任意键取消
console-kicked = 已请 { $who } 离开服务器。
serve-top-paused = 老师暂停了活动：请等全班继续。
console-paused = 活动已暂停：参加的人都不能走棋（按空格继续）。
console-resumed = 活动继续。
console-activity-ended = 活动已结束：仍在进行的对局由服务器结束（不算输）。
console-no-activity = 没有进行中的活动：按 a 开始一个，按 g 发送所选对局的局面。
console-no-database = 数据库暂时无法连接：活动没有发出。请在它恢复后再试。
console-draft = 下一个活动：{ $hints ->
    [yes] 可以用提示
   *[no] 不能用提示
}（h）· { $minutes ->
    [0] 不限时
   *[other] { $minutes } 分钟
}（t）· a 选择游戏
console-race-state = { $paused ->
    [yes] 已暂停（空格继续）· e 结束
   *[no] { $ended ->
        [yes] 已结束
       *[no] 空格 暂停 · e 结束
    }
}
console-activity = 活动
console-no-race = 还没有活动：g 把所选学生的局面发给所有人；a 选择一个游戏发给所有人。
console-puzzles = 谜题（{ $difficulty }），从第 { $number-digits } 题起

## The web door (`--web`): the join page, and why a browser is not let in

serve-web-title = 尼姆游戏——加入课堂
serve-web-name = 你的名字
serve-web-code = 班级口令
serve-web-code-hint = 老师请在这里输入教师令牌
serve-web-language = 语言
serve-web-language-auto = 跟随浏览器
serve-web-join = 加入
serve-web-connecting = 正在连接……
serve-web-lost = 连接已断开，正在重新加入……
serve-web-ended = 你已离开游戏。
serve-web-rejoin = 重新加入
serve-web-plain = 纯文本，供读屏软件使用
serve-web-plain-hint = 不用终端，对局以一行行文字显示，另有输入框输入命令。
serve-web-lines = 对局
serve-web-command = 你的命令或走法
serve-web-send = 发送
serve-web-wrong-code = 班级口令不对。
serve-web-locked = 从你的地址输错班级口令的次数太多：请等几分钟再试。
serve-web-full = 课堂已满：请问老师。
serve-web-full-here = 来自你的地址的玩家太多：请问老师。
serve-web-timeout = 加入用时太久：请再试一次。
serve-web-bad-hello = 网页与服务器的版本不一致：请刷新网页。
serve-web-stopping = 服务器正在停止。
console-join-browser = 或在浏览器中打开：

# 等级分（#39）
serve-board-rating = 你的等级分（Glicko-2；带“？”的是暂定分）
serve-board-rating-none = 暂无。计入等级分的对局：对战电脑的简单、中等、困难难度，以及和其他同学轮流先走的对局；不能用提示或悔棋。
console-rating = 等级分
serve-board-accuracy = 准确率：遇到必胜局面时保持必胜 { $accuracy }
serve-board-hardest = 处于必败局面时：{ $share } 的着法让对手的必胜应着最少

## 班级比赛（#39）：老师的选择、排名表、学生的一行。
tourney-kind = { $kind ->
    [arena] 竞技场
    [round_robin] 循环赛
   *[swiss] 瑞士制
}
tourney-game = 游戏：{ $game }，{ $mode }
tourney-choose-title = 新比赛
tourney-choose-arena = 竞技场，{ $minutes } 分钟：双方一有空就再配对；胜一局 2 分，连胜时 4 分
tourney-choose-round-robin = 循环赛：每人和每个人各下一局（最多 { $most } 人）
tourney-choose-swiss = 瑞士制，{ $rounds } 轮：分数相近的人对局，不重复相遇
tourney-choose-who = 参赛者：现在在大厅里的 { $count } 名学生（晚到的只能加入竞技场）。对局和挑战时一样：{ $game }。
tourney-choose-keys = { $updown } 赛制 · { $leftright } 长度 · { $enter } 开始 · { $quit } 取消
tourney-heading = { $kind } · 游戏：{ $game } · { $state }
tourney-state-arena = { $minutes } 分钟 · { $playing } 局进行中
tourney-state-rounds = 第 { $round } 轮，共 { $rounds } 轮 · { $playing } 局进行中
tourney-ending-state = 即将结束：进行中的对局下完为止
tourney-ended-state = 已结束：最终排名
tourney-rank = 名次
tourney-player = 选手
tourney-points = 积分
tourney-games = 局数
tourney-won = 胜局
tourney-fire = 连胜
tourney-on-fire = 连胜中
tourney-confirm-end = 结束比赛吗？按 y 结束（进行中的对局下完为止）· 按其他键取消
tourney-started = { $kind }已开始，共 { $count } 名学生：他们已被安排到各自的对局。
tourney-too-few = 比赛至少需要大厅里有 2 名学生（现在有 { $count } 名）。
tourney-too-many = 大厅里有 { $count } 名学生：循环赛最多 { $most } 人，请选择瑞士制。
tourney-running = 已经有一场比赛在进行。
tourney-no-database = 数据库暂时无法连接：比赛没有开始。请在它恢复后再试。
tourney-ending = 比赛即将结束：不再开始新对局；进行中的对局下完为止。
tourney-lobby = 比赛：第 { $place } 名，共 { $count } 人 · { $points } 分 · { $next }
tourney-lobby-arena = 一有其他选手空闲就为你配对
tourney-lobby-round = 第 { $round } 轮结束后开始下一局
tourney-lobby-bye = 本轮轮空（得 1 分）
tourney-lobby-ended = 比赛已结束
tourney-lobby-ending = 不再有新对局：比赛即将结束
