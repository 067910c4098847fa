//! The lesson's progress as plain data: the step to open at and the exercises done. The store
//! keeps it in `lesson.json`.

use serde::{Deserialize, Serialize};

/// The format version written to `lesson.json`.
pub const LESSON_VERSION: u32 = 1;

/// How far the lesson (`nim-tui learn`) got: the step to open at, and which exercises were done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    pub version: u32,
    /// The step to go on from, counting from 0.
    pub step: usize,
    /// Whether each step's exercise was answered right, by step.
    pub done: Vec<bool>,
    /// The same for the second lesson, Sprague-Grundy (files from before it have none).
    #[serde(default)]
    pub grundy_step: usize,
    #[serde(default)]
    pub grundy_done: Vec<bool>,
}

impl Default for LessonProgress {
    fn default() -> Self {
        LessonProgress {
            version: LESSON_VERSION,
            step: 0,
            done: Vec::new(),
            grundy_step: 0,
            grundy_done: Vec::new(),
        }
    }
}
