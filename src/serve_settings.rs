//! The classroom server's settings: the `[serve]` table of the configuration, whose shipped values
//! (in `config.toml`) are the defaults of `nim-tui-serve`'s flags. A module of its own, below both
//! `cli` (clap's defaults are the shipped values) and `config` (which lays a file's table over
//! them), so that neither imports the other for it.

use std::path::PathBuf;

use serde::Deserialize;

/// The `[serve]` table: the classroom server's flags as settings, for a server run as a service.
/// The shipped file's values are the flags' defaults (`nim-tui-serve --help` shows them); a file's
/// values are read as if typed before the command line's flags, so a flag beats the file and clap
/// checks a file's values exactly as it checks a flag's. A file that names a few keeps the rest.
/// Relative paths are taken from the file's own directory. The class code itself is not a
/// setting, so that it is never in a file others may read: `code_file` names a file holding it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServeSettings {
    /// `--listen`.
    pub listen: std::net::SocketAddr,
    /// `--host-key`.
    #[serde(default)]
    pub host_key: Option<PathBuf>,
    /// `--code-file`.
    #[serde(default)]
    pub code_file: Option<PathBuf>,
    /// `--teacher-keys`.
    #[serde(default)]
    pub teacher_keys: Option<PathBuf>,
    /// `--db`.
    #[serde(default)]
    pub db: Option<PathBuf>,
    /// `--max-connections`.
    pub max_connections: u32,
    /// `--max-per-address`.
    pub max_per_address: u32,
    /// `--idle-timeout`.
    pub idle_timeout: u64,
    /// `--no-hints`.
    pub no_hints: bool,
    /// `--proxy-protocol-from`: the load balancers, as addresses or CIDR ranges (checked by clap
    /// as the flag's values are).
    #[serde(default)]
    pub proxy_protocol_from: Vec<String>,
    /// `--lease-seconds`.
    pub lease_seconds: u64,
    /// `--host-id`.
    #[serde(default)]
    pub host_id: Option<String>,
    /// `--join-address` (checked by clap as the flag's value is).
    #[serde(default)]
    pub join_address: Option<String>,
}

/// The keys of `[serve]` that hold paths, read from the file's directory when relative.
pub(crate) const PATHS: [&str; 4] = ["host_key", "code_file", "teacher_keys", "db"];

impl ServeSettings {
    /// The shipped file's `[serve]`: the server's defaults, which `nim-tui-serve --help` shows.
    /// Read here from the same embedded `config.toml` the configuration reads whole (the test
    /// `config::tests::shipped_config_is_the_default` checks that both readings agree).
    pub fn shipped() -> &'static ServeSettings {
        static SHIPPED: std::sync::LazyLock<ServeSettings> = std::sync::LazyLock::new(|| {
            let read = toml::from_str::<toml::Table>(include_str!("../config.toml"))
                .map_err(|e| e.to_string())
                .and_then(|table| {
                    let serve = table.get("serve").cloned().ok_or("no [serve] table")?;
                    serve.try_into::<ServeSettings>().map_err(|e| e.to_string())
                });
            // The shipped file is embedded and read by the tests: only a change they refuse breaks it.
            read.unwrap_or_else(|e| panic!("the built-in config.toml's [serve] is broken: {e}"))
        });
        &SHIPPED
    }

    /// Each setting that has a value as the flag that gives it, with the flag's clap id (the
    /// field's name): `("listen", "--listen=127.0.0.1:2222")`, `("no_hints", "--no-hints")`.
    pub fn flags(&self) -> Vec<(&'static str, std::ffi::OsString)> {
        let mut flags = vec![
            ("listen", format!("--listen={}", self.listen).into()),
            ("max_connections", format!("--max-connections={}", self.max_connections).into()),
            ("max_per_address", format!("--max-per-address={}", self.max_per_address).into()),
            ("idle_timeout", format!("--idle-timeout={}", self.idle_timeout).into()),
            ("lease_seconds", format!("--lease-seconds={}", self.lease_seconds).into()),
        ];
        if let Some(id) = &self.host_id {
            flags.push(("host_id", format!("--host-id={id}").into()));
        }
        if let Some(address) = &self.join_address {
            flags.push(("join_address", format!("--join-address={address}").into()));
        }
        let paths = [
            ("host_key", "--host-key=", &self.host_key),
            ("code_file", "--code-file=", &self.code_file),
            ("teacher_keys", "--teacher-keys=", &self.teacher_keys),
            ("db", "--db=", &self.db),
        ];
        for (id, flag, path) in paths {
            if let Some(path) = path {
                let mut word = std::ffi::OsString::from(flag);
                word.push(path);
                flags.push((id, word));
            }
        }
        if self.no_hints {
            flags.push(("no_hints", "--no-hints".into()));
        }
        if !self.proxy_protocol_from.is_empty() {
            let ranges = self.proxy_protocol_from.join(",");
            flags.push(("proxy_protocol_from", format!("--proxy-protocol-from={ranges}").into()));
        }
        flags
    }
}

/// What students are told to reach (`--join-address`): a host (a name, an IPv4 address, or an
/// IPv6 address, bracketed when a port follows) and perhaps the SSH port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JoinAddress {
    /// The host, without brackets.
    pub host: String,
    pub port: Option<u16>,
}

impl JoinAddress {
    /// The host as a URL holds it (an IPv6 address in brackets).
    pub fn url_host(&self) -> String {
        match self.host.contains(':') {
            true => format!("[{}]", self.host),
            false => self.host.clone(),
        }
    }
}

impl std::str::FromStr for JoinAddress {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let expected = "expected a host and perhaps a port, as students type them: school.example.org, \
                        10.0.0.5:2222, [fd00::5]:2222";
        let text = text.trim();
        let (host, port) = match text.strip_prefix('[') {
            Some(rest) => {
                let (host, after) =
                    rest.split_once(']').ok_or(format!("'{text}' has no closing ]; {expected}"))?;
                match after {
                    "" => (host, None),
                    _ => (
                        host,
                        Some(
                            after
                                .strip_prefix(':')
                                .ok_or(format!("'{text}': a port follows a colon; {expected}"))?,
                        ),
                    ),
                }
            }
            // One colon: a port; more: an IPv6 address without one.
            None => match text.split_once(':') {
                Some((host, port)) if !port.contains(':') => (host, Some(port)),
                _ => (text, None),
            },
        };
        let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':');
        if host.is_empty() || host.len() > 253 || !host.chars().all(allowed) {
            return Err(format!("'{text}' is not a host name or address; {expected}"));
        }
        let port = match port {
            None => None,
            Some(port) => match port.parse::<u16>() {
                Ok(port) if port > 0 => Some(port),
                _ => return Err(format!("'{port}' is not a port from 1 to 65535; {expected}")),
            },
        };
        Ok(JoinAddress { host: host.to_string(), port })
    }
}

/// An address or a range of them in CIDR form (`10.0.0.7`, `10.0.0.0/8`, `2001:db8::/32`): the
/// load balancers `--proxy-protocol-from` names. Kept with its host bits cleared, so that two ways
/// of writing one range are one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressRange {
    network: std::net::IpAddr,
    prefix: u8,
}

impl AddressRange {
    /// Whether `ip` is in the range. An IPv4 address in IPv6's mapped form (`::ffff:10.0.0.7`, as
    /// a socket bound to `[::]` sees an IPv4 peer) is read as the IPv4 address it is.
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr;
        match (self.network, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(ip) & mask == u32::from(net)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(ip) & mask == u128::from(net)
            }
            _ => false,
        }
    }
}

impl std::fmt::Display for AddressRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

impl std::str::FromStr for AddressRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        use std::net::IpAddr;
        let expected = "expected an address (10.0.0.7, ::1) or a range in CIDR form (10.0.0.0/8, fd00::/8)";
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text, None),
        };
        let network: IpAddr =
            addr.trim().parse().map_err(|_| format!("'{addr}' is not an address; {expected}"))?;
        let network = network.to_canonical();
        let most = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(p) => match p.trim().parse::<u8>() {
                Ok(p) if p <= most => p,
                _ => return Err(format!("'/{p}' is not a prefix length of 0 to {most}; {expected}")),
            },
        };
        let network = match network {
            IpAddr::V4(v4) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(prefix)).unwrap_or(0);
                IpAddr::V4((u32::from(v4) & mask).into())
            }
            IpAddr::V6(v6) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(prefix)).unwrap_or(0);
                IpAddr::V6((u128::from(v6) & mask).into())
            }
        };
        Ok(AddressRange { network, prefix })
    }
}

/// Whether `--db`'s value is a PostgreSQL URL (`postgres://…`, `postgresql://…`) rather than an
/// SQLite file's path: such a value is never read as a path from the config file's directory.
pub fn is_database_url(text: &str) -> bool {
    ["postgres://", "postgresql://"].iter().any(|scheme| text.starts_with(scheme))
}

#[cfg(test)]
mod tests {
    use super::AddressRange;

    fn range(text: &str) -> AddressRange {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn address_ranges_hold_their_addresses_and_no_others() {
        let ip = |text: &str| text.parse::<std::net::IpAddr>().expect("an address");
        assert!(range("10.0.0.0/8").contains(ip("10.200.3.4")));
        assert!(!range("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(range("10.1.2.3").contains(ip("10.1.2.3")));
        assert!(!range("10.1.2.3").contains(ip("10.1.2.4")));
        // A socket bound to [::] sees IPv4 peers in the mapped form.
        assert!(range("127.0.0.1").contains(ip("::ffff:127.0.0.1")));
        assert!(range("fd00::/8").contains(ip("fd12::1")));
        assert!(!range("fd00::/8").contains(ip("fe80::1")));
        assert!(!range("10.0.0.0/8").contains(ip("::1")), "no family crosses to the other");
        assert!(range("0.0.0.0/0").contains(ip("192.0.2.1")));
        assert!(range("::/0").contains(ip("2001:db8::1")));
        // Host bits cleared: one range, however written.
        assert_eq!(range("10.9.9.9/8"), range("10.0.0.0/8"));
        assert_eq!(range("10.9.9.9/8").to_string(), "10.0.0.0/8");
    }

    #[test]
    fn a_bad_range_says_what_is_accepted() {
        for bad in ["", "10.0.0", "10.0.0.0/33", "::/129", "10.0.0.0/x", "host.example"] {
            let err = bad.parse::<AddressRange>().expect_err(bad);
            assert!(err.contains("CIDR"), "{bad}: {err}");
        }
    }
}
