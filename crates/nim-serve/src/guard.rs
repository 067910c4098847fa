//! Wrong class codes, counted per address and in all, so that guessing the code is slow and then
//! stopped: past a few free mistakes each wrong answer from an address waits longer before it is
//! answered (doubling up to a ceiling), many wrong answers from everyone slow every wrong answer
//! down, and an address with too many in a window is locked out for the rest of it (its right
//! answers refused too). Every lockout is logged. A teacher's key is never asked for a code.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The numbers the guard works with.
#[derive(Debug, Clone)]
pub struct GuardLimits {
    /// Wrong answers from one address in a window that are answered without a wait (typos).
    pub free_failures: u32,
    /// The longest wait before a wrong answer is answered.
    pub backoff_max: Duration,
    /// Wrong answers from one address in a window past which the address is locked out.
    pub lockout_after: u32,
    /// The window mistakes are counted in, and the lockout's length.
    pub window: Duration,
    /// Wrong answers from everyone in a minute answered without a wait; past them every wrong
    /// answer waits a second more per ten more.
    pub all_free_per_minute: u32,
}

impl Default for GuardLimits {
    fn default() -> Self {
        GuardLimits {
            free_failures: 3,
            backoff_max: Duration::from_secs(30),
            lockout_after: 30,
            window: Duration::from_secs(600),
            all_free_per_minute: 60,
        }
    }
}

/// Addresses remembered at most: past it, new addresses are counted in all only.
const ADDRESSES: usize = 100_000;

#[derive(Debug)]
struct Record {
    since: Instant,
    failures: u32,
    locked_until: Option<Instant>,
}

#[derive(Debug, Default)]
struct State {
    by_address: HashMap<IpAddr, Record>,
    /// When each of the last minute's wrong answers came (at most a bounded number kept).
    all: VecDeque<Instant>,
}

/// Wrong class codes, per address and in all.
#[derive(Debug)]
pub struct Guard {
    limits: GuardLimits,
    state: Mutex<State>,
}

impl Guard {
    pub fn new(limits: GuardLimits) -> Guard {
        Guard { limits, state: Mutex::new(State::default()) }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether answers from `ip` are refused unread for now.
    pub fn locked(&self, ip: IpAddr) -> bool {
        let now = Instant::now();
        self.state().by_address.get(&ip).and_then(|r| r.locked_until).is_some_and(|until| until > now)
    }

    /// Notes a wrong answer from `ip`; says how long to wait before answering it.
    pub fn failed(&self, ip: IpAddr) -> Duration {
        let now = Instant::now();
        let limits = &self.limits;
        let mut state = self.state();
        while state.all.front().is_some_and(|t| now.duration_since(*t) > Duration::from_secs(60)) {
            state.all.pop_front();
        }
        if state.all.len() < 100_000 {
            state.all.push_back(now);
        }
        let in_all = u32::try_from(state.all.len()).unwrap_or(u32::MAX);
        if state.by_address.len() >= ADDRESSES {
            state.by_address.retain(|_, r| {
                now.duration_since(r.since) < limits.window || r.locked_until.is_some_and(|u| u > now)
            });
        }
        let mut here = 0;
        if state.by_address.len() < ADDRESSES || state.by_address.contains_key(&ip) {
            let record =
                state.by_address.entry(ip).or_insert(Record { since: now, failures: 0, locked_until: None });
            if now.duration_since(record.since) >= limits.window
                && record.locked_until.is_none_or(|u| u <= now)
            {
                *record = Record { since: now, failures: 0, locked_until: None };
            }
            record.failures += 1;
            here = record.failures;
            if here >= limits.lockout_after && record.locked_until.is_none_or(|u| u <= now) {
                record.locked_until = Some(now + limits.window);
                tracing::warn!(%ip, failures = here, minutes = limits.window.as_secs() / 60,
                    "class code: address locked out after too many wrong answers");
            }
        }
        let own = match here.checked_sub(limits.free_failures + 1) {
            None => Duration::ZERO,
            Some(doublings) => Duration::from_secs(1u64 << doublings.min(16)),
        };
        let all = Duration::from_secs(u64::from(in_all.saturating_sub(limits.all_free_per_minute) / 10));
        own.max(all).min(limits.backoff_max)
    }
}

/// A rate with bursts (a token bucket): what one connection may do a second, on average, and at
/// once. Whoever goes past it is told how long to wait, and waits before the server reads more
/// from it, so that TCP slows the client and its cost to the server stays bounded.
#[derive(Debug)]
pub struct Rate {
    per_second: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
}

impl Rate {
    pub fn new(per_second: f64, burst: f64) -> Rate {
        Rate { per_second, burst, tokens: burst, at: Instant::now() }
    }

    /// Takes `amount` now; says how long to wait before going on (zero within the rate).
    pub fn take(&mut self, amount: f64) -> Duration {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * self.per_second).min(self.burst);
        self.at = now;
        self.tokens -= amount;
        if self.tokens >= 0.0 || self.per_second <= 0.0 {
            return Duration::ZERO;
        }
        Duration::from_secs_f64((-self.tokens / self.per_second).min(3600.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_answers_wait_longer_then_lock_the_address_out_and_no_other() {
        let guard = Guard::new(GuardLimits { lockout_after: 8, ..GuardLimits::default() });
        let ip: IpAddr = "127.0.0.2".parse().expect("an address");
        let other: IpAddr = "127.0.0.3".parse().expect("an address");
        let waits: Vec<u64> = (0..7).map(|_| guard.failed(ip).as_secs()).collect();
        assert_eq!(waits, [0, 0, 0, 1, 2, 4, 8]);
        assert!(!guard.locked(ip));
        guard.failed(ip);
        assert!(guard.locked(ip), "the eighth wrong answer locks the address out");
        assert!(!guard.locked(other), "another address is not locked out");
        assert_eq!(guard.failed(other), Duration::ZERO, "another address's first mistake is free");
    }

    #[test]
    fn many_wrong_answers_in_all_slow_everyone_down() {
        let guard = Guard::new(GuardLimits { all_free_per_minute: 10, ..GuardLimits::default() });
        for n in 0..40u8 {
            guard.failed(IpAddr::from([10, 0, 0, n]));
        }
        // A new address's first mistake waits, for the mistakes of everyone else.
        assert!(guard.failed("10.1.0.1".parse().expect("an address")) >= Duration::from_secs(3));
    }

    #[test]
    fn a_rate_lets_a_burst_through_then_says_how_long_to_wait() {
        // No refill to speak of: one a day.
        let mut rate = Rate::new(1.0 / 86_400.0, 3.0);
        assert_eq!([rate.take(1.0), rate.take(1.0), rate.take(1.0)], [Duration::ZERO; 3]);
        assert!(rate.take(1.0) > Duration::from_secs(3600 - 1), "past the burst: a wait");
        // Many at once: the wait is what the rate needs to make up for them.
        let mut rate = Rate::new(100.0, 10.0);
        let wait = rate.take(110.0);
        assert!(wait >= Duration::from_millis(990) && wait <= Duration::from_millis(1000), "{wait:?}");
    }
}
