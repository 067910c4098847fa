# 简体中文：serve。约定见 words.ftl。

## 服务器在游戏画面之外说的话

serve-needs-terminal = nim-tui 是在终端里玩的游戏：请在终端里用 `ssh -t` 重新连接。
serve-no-commands = nim-tui 不运行命令：请直接用 `ssh -t` 连接来玩。
serve-code-prompt = 班级口令：
serve-code-instructions = 请输入老师给全班的口令。
serve-idle-warning = 已有一阵没有按键：请在 { $seconds } 秒内按任意键，以保持连接。
serve-idle-kicked = 连接已断开：太久没有按键。请重新连接再玩。
serve-stopping-game = 服务器正在关闭。你的这局棋记为由服务器结束，不算输。
serve-stopping = 服务器正在关闭。谢谢你来玩！
serve-no-records = 服务器上不保存对局记录

## 大厅（名字是学生的 SSH 登录名，通常是拉丁字母，所以和中文之间留空格，如“正在和 bob 对局”）

serve-lobby-title = nim-tui · 课堂 · 你是 { $me }
serve-people = 服务器上共有 { $n-digits } 人
serve-in-lobby = 在大厅
serve-playing-ai = 正在和电脑对局
serve-playing = 正在和 { $with } 对局
serve-watching-someone = 正在观看 { $whom }
serve-you = { $name }（你）
serve-teacher = { $name }（老师）
serve-board-ai = 对战电脑（按游戏和难度）：未借助提示的胜局／总局数
serve-board-players = 玩家之间：胜局／总局数
serve-board-empty = 暂无已下完的对局。
serve-board-line = { $game } · 难度 { $level }：{ $names }
serve-lobby-keys = { $enter } 和电脑下或发起挑战 · c 挑战 · w 观战 · 上/下 选择 · { $quit } 离开
serve-challenged = { $by } 向你发起挑战：y 接受 · n 拒绝
serve-challenge-sent = 已向 { $to } 发出挑战：等待回应⋯⋯
serve-declined = { $by } 拒绝了挑战。
serve-move-limit = 这局棋已走了 { $moves } 步，达到服务器上一局的上限，已结束，记为由服务器结束（不算输）。
serve-left = { $who } 离开了对局。
serve-busy = { $who } 正忙：请挑战大厅里的人。
serve-nothing-to-watch = { $who } 没有在对局：没有可观看的棋局。

## 对局中

serve-watched-by = 正在观看：{ $names }
serve-watching = 你正在观看 { $players } · { $quit } 回到大厅
serve-players-two = { $first } 和 { $second }
serve-players-ai = { $first } 对电脑
serve-wait-for = 轮到 { $who } 走：请等对方走棋
serve-list-separator = 、

## 老师的大厅

serve-in-progress = 老师视图：进行中的对局（局面，已走步数）
serve-none-in-progress = 没有进行中的对局。
serve-recent = 最新结果
serve-result-game = { $game }，难度 { $level }
serve-result-won = { $player } 战胜了 { $opponent }（{ $game }），共 { $moves } 步
serve-result-lost = { $player } 输给了 { $opponent }（{ $game }），共 { $moves } 步
serve-result-ended = { $player } 与 { $opponent } 的对局由服务器结束（{ $game }），共 { $moves } 步
serve-result-won-ai = { $player } 战胜了电脑（{ $game }），共 { $moves } 步
serve-result-lost-ai = { $player } 输给了电脑（{ $game }），共 { $moves } 步
serve-result-ended-ai = { $player } 与电脑的对局由服务器结束（{ $game }），共 { $moves } 步
serve-assignment = 全班的局面：{ $position } —— 谁赢了，用时多少
serve-assignment-won = { $name } 用 { $seconds } 秒获胜
serve-assignment-lost = { $name } 落败，用时 { $seconds } 秒
serve-give-key = g 把所选玩家的局面发给所有人

## The web door (`--web`): the join page, and why a browser is not let in

serve-web-title = 尼姆游戏——加入课堂
serve-web-name = 你的名字
serve-web-code = 课堂口令
serve-web-code-hint = 老师：请输入教师令牌
serve-web-language = 语言
serve-web-language-auto = 跟随浏览器
serve-web-join = 加入
serve-web-connecting = 正在连接……
serve-web-lost = 连接已断开，正在重新加入……
serve-web-ended = 你已离开游戏。
serve-web-rejoin = 重新加入
serve-web-wrong-code = 课堂口令不对。
serve-web-locked = 你的地址输错课堂口令的次数太多：请等几分钟。
serve-web-full = 课堂已满：请问老师。
serve-web-full-here = 来自你的地址的玩家太多：请问老师。
serve-web-timeout = 加入用时太久：请再试一次。
serve-web-bad-hello = 网页与服务器无法互相理解：请刷新网页。
serve-web-stopping = 服务器正在停止。
