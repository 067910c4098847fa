# 简体中文：serve。约定见 words.ftl。
