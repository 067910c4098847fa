# 简体中文：learn。约定见 words.ftl。
