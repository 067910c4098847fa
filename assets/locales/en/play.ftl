# English: play. See words.ftl for the conventions.
