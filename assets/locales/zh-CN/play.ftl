# 简体中文：play。约定见 words.ftl。
