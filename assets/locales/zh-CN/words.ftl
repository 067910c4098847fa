# 游戏的中文用语。每条消息的 id 与英文文件一一对应；`$n-digits` 是数目的全部数字。

tokens-count = { $n-digits } 枚棋子
