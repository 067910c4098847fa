# 简体中文：cli。约定见 words.ftl。
