# 游戏的中文用语，按程序的部分分文件（words、play、learn、cli、serve），与英文文件的 id 一一对应
# （tests/it/i18n.rs 检查）。用全角标点（，。：；！？（）），数字用阿拉伯数字；`$n-digits`
# 是数目的全部数字。
#
# 术语（以种子文本为准）：尼姆游戏（Nim），堆／第 N 堆（heap），排／第 N 排（row，凯尔斯游戏），
# 棋子（token，量词“枚”），木瓶（pin，量词“个”），取走（take），击倒（knock down），
# 尼姆和（nim-sum），正常玩法（normal play：取走最后一枚者胜），反常玩法（misère：取走最后一枚者负），
# 必胜着法（winning move），必败局面（P-position），必胜局面（N-position），
# 斯普莱格–格隆第定理（Sprague–Grundy），格隆第值（Grundy value），无偏博弈（impartial game），
# 提示（hint），教练（coach），悔棋（undo），复盘（review），电脑（the AI）。

tokens-count = { $n-digits } 枚棋子
