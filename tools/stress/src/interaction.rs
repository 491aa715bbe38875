//! The verdict of an interactive run ([`decide`]), from how each side ended, never from which
//! ended first (the order two processes end in is the scheduler's coin flip: the same input must
//! get the same verdict, or a shrink that keeps "the same failure" cannot work).
//!
//! Invariant, in this order: a jury that fails decides (it is never taken for the player's
//! failure); then the player's limits (CPU time, idleness: they stop it while the jury still
//! waits on it, so the jury's verdict that follows is about an output cut short); then the
//! jury's wrong answer or presentation error, whatever the player's exit (a player that crashes
//! reading the jury's last line, or dies of a write to a jury that has gone, gets the jury's
//! verdict; the report tells how it ended); then a player that exits non-zero or by a signal is a
//! runtime error, even if the jury accepted. It is close to the rule Yandex.Contest's system
//! states (docs/stress.md, "One verdict per input").

use crate::child::{signal_name, Ending, Limit};
use crate::generic::what_it_did;
use crate::greedy::Trouble;
use crate::judge::seconds;
use crate::relay::{Interaction, PlayerEnd};
use graph_games::input::Error;
use std::time::Duration;

/// Why an interactive run fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    WrongAnswer,
    PresentationError,
    RuntimeError(Ending),
    /// Past the CPU limit (or, bytes still flowing, past the whole run's wall limit).
    TimeLimit {
        cpu: Option<Duration>,
        wall: Duration,
    },
    /// Nothing passed either way for this long: killed.
    Idleness(Duration),
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::RuntimeError(_) => "runtime error",
            Verdict::TimeLimit { .. } => "time limit exceeded",
            Verdict::Idleness(_) => "idleness limit exceeded",
        }
    }

    /// The same kind of verdict (what a shrunk input must keep).
    pub fn same_kind(&self, other: &Verdict) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    pub fn detail(&self, run: &Interaction, limit: Limit) -> String {
        match *self {
            Verdict::WrongAnswer | Verdict::PresentationError => {
                let said = format!("the jury says so: {}", what_it_did(run.jury, &run.jury_stderr));
                match run.player {
                    PlayerEnd::Ended(Ending::Exited(0)) => said,
                    PlayerEnd::Ended(ending) => format!(
                        "{said}; {} too (the jury's verdict stands, docs/stress.md)",
                        command_ended(ending)
                    ),
                    _ => format!("{said}; the command was still running at the verdict: stopped"),
                }
            }
            Verdict::RuntimeError(ending) => command_ended(ending),
            Verdict::TimeLimit { cpu: Some(cpu), .. } if cpu > limit.asked() => format!(
                "{} s of CPU time, past the limit of {} s: killed; a second run timed out too",
                seconds(cpu),
                seconds(limit.asked())
            ),
            Verdict::TimeLimit { wall, .. } => format!(
                "still running after {} s of wall time, bytes still passing: killed; a second run timed out too",
                seconds(wall)
            ),
            Verdict::Idleness(idle) => format!(
                "nothing passed either way for {} s (the idle limit, {} times the time limit), both sides \
                 waiting (a line never flushed, or more read than was sent): killed",
                seconds(idle),
                crate::child::WALL_FACTOR
            ),
        }
    }
}

/// How the command ended, in words.
fn command_ended(ending: Ending) -> String {
    match ending {
        Ending::Signaled(signal) => match signal_name(signal) {
            Some(name) => format!("the command was killed by signal {signal} ({name})"),
            None => format!("the command was killed by signal {signal}"),
        },
        Ending::Exited(code) => format!("the command's exit status {code}"),
        ending => format!("{ending:?}"),
    }
}

/// The verdict of `run`, `None` if accepted; a jury that failed is [`Trouble::Rejected`] with
/// exit status 3 (a bad input, as testlib says it), else [`Trouble::Helper`].
pub fn decide(run: &Interaction, jury_name: &str, idle: Duration) -> Result<Option<Verdict>, Trouble> {
    if run.player == PlayerEnd::Interrupted || run.jury == Ending::Interrupted {
        return Err(Trouble::Interrupted);
    }
    let jury = match run.jury {
        Ending::Exited(0) => Ok(None),
        Ending::Exited(1) => Ok(Some(Verdict::WrongAnswer)),
        Ending::Exited(2) => Ok(Some(Verdict::PresentationError)),
        ending => {
            let did = what_it_did(ending, &run.jury_stderr);
            Err(match ending {
                Ending::Exited(3) => Trouble::Rejected(Error::new(format!("{jury_name} fails on it: {did}"))),
                _ => Trouble::Helper(Error::new(format!("{jury_name} failed: {did}"))),
            })
        }
    };
    // A jury that fails decides (testlib's rule: a judge's failure, whatever the player did).
    let jury = jury?;
    match run.player {
        PlayerEnd::OverCpu | PlayerEnd::OverWall => {
            Ok(Some(Verdict::TimeLimit { cpu: run.cpu, wall: run.wall }))
        }
        PlayerEnd::Idle => Ok(Some(Verdict::Idleness(idle))),
        PlayerEnd::Stopped | PlayerEnd::Ended(Ending::Exited(0)) => Ok(jury),
        PlayerEnd::Ended(ending) => Ok(jury.or(Some(Verdict::RuntimeError(ending)))),
        PlayerEnd::Interrupted => Err(Trouble::Interrupted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interaction(player: PlayerEnd, jury: Ending) -> Interaction {
        Interaction {
            player,
            jury,
            transcript: Vec::new(),
            jury_stderr: b"why\n".to_vec(),
            player_stderr: Vec::new(),
            cpu: Some(Duration::from_millis(10)),
            wall: Duration::from_millis(20),
        }
    }

    fn verdict(player: PlayerEnd, jury: Ending) -> Result<Option<Verdict>, String> {
        let idle = Duration::from_millis(600);
        decide(&interaction(player, jury), "the jury", idle).map_err(|trouble| match trouble {
            Trouble::Rejected(e) => format!("rejected: {}", e.message()),
            Trouble::Helper(e) => format!("helper: {}", e.message()),
            Trouble::CannotRun(_) => "cannot run".to_string(),
            Trouble::Interrupted => "interrupted".to_string(),
        })
    }

    #[test]
    fn the_verdict_names_the_cause() {
        let (ok, crashed) = (PlayerEnd::Ended(Ending::Exited(0)), PlayerEnd::Ended(Ending::Signaled(11)));
        assert_eq!(verdict(ok, Ending::Exited(0)), Ok(None));
        assert_eq!(verdict(ok, Ending::Exited(1)), Ok(Some(Verdict::WrongAnswer)));
        assert_eq!(verdict(ok, Ending::Exited(2)), Ok(Some(Verdict::PresentationError)));
        // The jury's wrong answer stands whatever the player did, and whichever ended first.
        assert_eq!(verdict(crashed, Ending::Exited(1)), Ok(Some(Verdict::WrongAnswer)));
        assert_eq!(verdict(PlayerEnd::Stopped, Ending::Exited(2)), Ok(Some(Verdict::PresentationError)));
        // Accepted by the jury, but the player then exits non-zero: a runtime error.
        let failed = PlayerEnd::Ended(Ending::Exited(3));
        assert_eq!(verdict(failed, Ending::Exited(0)), Ok(Some(Verdict::RuntimeError(Ending::Exited(3)))));
        // Limits (reached while the jury still waited: once it has decided, the player is
        // stopped instead) come before the jury's verdict on an output cut short.
        assert_eq!(
            verdict(PlayerEnd::Idle, Ending::Exited(1)),
            Ok(Some(Verdict::Idleness(Duration::from_millis(600))))
        );
        let slow = verdict(PlayerEnd::OverCpu, Ending::Exited(1));
        assert!(matches!(slow, Ok(Some(Verdict::TimeLimit { .. }))), "{slow:?}");
        // A jury that fails decides, whatever the player did.
        assert_eq!(
            verdict(crashed, Ending::Exited(3)),
            Err("rejected: the jury fails on it: exit status 3, its stderr: `why`".into())
        );
        assert_eq!(
            verdict(ok, Ending::Signaled(6)),
            Err("helper: the jury failed: killed by signal 6 (SIGABRT), its stderr: `why`".into())
        );
        assert_eq!(
            verdict(ok, Ending::TimedOut),
            Err("helper: the jury failed: still running at its time limit: killed, its stderr: `why`".into())
        );
        assert_eq!(verdict(PlayerEnd::Interrupted, Ending::Exited(1)), Err("interrupted".into()));
    }
}
