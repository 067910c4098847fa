//! The server's own key (loaded, or generated once and kept so that students' `known_hosts` stays
//! valid across restarts) and the teachers' public keys.

use std::path::{Path, PathBuf};

use russh::keys::ssh_key::{self, LineEnding, private::Ed25519Keypair};
use russh::keys::{PrivateKey, PublicKey};

/// A key file that could not be read, made or understood.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error(
        "cannot read the host key {path}: {why}; expected an OpenSSH private key (ssh-keygen -t ed25519 -N '' -f FILE)"
    )]
    HostKey { path: String, why: String },
    #[error("cannot keep the generated host key at {path}: {why}")]
    Generate { path: String, why: String },
    #[error("no state directory to keep the host key in ($HOME is not set): give one with --host-key FILE")]
    NoStateDir,
    #[error("cannot read the teacher keys {path}: {why}")]
    TeacherFile { path: String, why: String },
    #[error(
        "{path}, line {line}: not a public key in authorized_keys format ({why}); expected lines such as `ssh-ed25519 AAAA… name`"
    )]
    TeacherKey { path: String, line: usize, why: String },
}

impl KeyError {
    /// Whether the fault is in what was given (exit 2) rather than in the machine (exit 1).
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, KeyError::Generate { .. })
    }
}

/// The largest host key file read, in bytes (an ed25519 key is about 400, a 16384-bit RSA key
/// about 13,000).
const HOST_KEY_MAX: u64 = 64 * 1024;

/// The host key from `given`, or the one kept in the state directory, generated on first use.
pub fn host_key(given: Option<&Path>) -> Result<(PrivateKey, PathBuf), KeyError> {
    if let Some(path) = given {
        let failed = |why: String| KeyError::HostKey { path: nim_tui::text::path(path), why };
        // Only a regular file of a key's size is read: a FIFO would block the start for ever and
        // /dev/zero would be read until memory ran out.
        let text = nim_tui::files::read_text(path, HOST_KEY_MAX).map_err(|e| failed(e.to_string()))?;
        let key = russh::keys::decode_secret_key(&text, None).map_err(|e| failed(e.to_string()))?;
        return Ok((key, path.to_path_buf()));
    }
    let dir = nim_tui::paths::state_dir().ok_or(KeyError::NoStateDir)?;
    let path = nim_tui::paths::host_key_file(&dir);
    if path.exists() {
        return host_key(Some(&path));
    }
    let key = generate();
    let failed = |why: String| KeyError::Generate { path: nim_tui::text::path(&path), why };
    std::fs::create_dir_all(&dir).map_err(|e| failed(e.to_string()))?;
    let text = key.to_openssh(LineEnding::LF).map_err(|e| failed(e.to_string()))?;
    // Written privately and atomically: a half-written key would change the fingerprint.
    let mut file = tempfile::NamedTempFile::new_in(&dir).map_err(|e| failed(e.to_string()))?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(|e| failed(e.to_string()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = file.as_file().set_permissions(std::fs::Permissions::from_mode(0o600));
    }
    file.persist_noclobber(&path).map_err(|e| failed(e.error.to_string()))?;
    tracing::info!(path = %nim_tui::text::path(&path), "host key generated");
    Ok((key, path))
}

/// A new ed25519 key from the operating system's randomness.
pub fn generate() -> PrivateKey {
    let seed: [u8; 32] = rand::random();
    PrivateKey::from(Ed25519Keypair::from_seed(&seed))
}

/// The teachers' public keys, from an authorized_keys file (comments and blank lines allowed,
/// options before a key too).
pub fn teacher_keys(path: &Path) -> Result<Vec<PublicKey>, KeyError> {
    let shown = nim_tui::text::path(path);
    let bytes = nim_tui::files::read_bounded(path, 1 << 20)
        .map_err(|e| KeyError::TeacherFile { path: shown.clone(), why: e.to_string() })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| KeyError::TeacherFile { path: shown.clone(), why: "not UTF-8 text".into() })?;
    let mut keys = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = line.parse::<ssh_key::authorized_keys::Entry>().map_err(|e| KeyError::TeacherKey {
            path: shown.clone(),
            line: n + 1,
            why: e.to_string(),
        })?;
        keys.push(entry.public_key().clone());
    }
    Ok(keys)
}
