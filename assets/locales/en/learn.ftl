# English: learn. See words.ftl for the conventions.
