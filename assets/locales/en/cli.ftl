# English: cli. See words.ftl for the conventions.
