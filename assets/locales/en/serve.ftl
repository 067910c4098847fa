# English: serve. See words.ftl for the conventions.
