//! A solution written out for programs: every move in its coordinate form and its notation for
//! people, in plain data that the `serde` feature serialises (`ladya solve --json` and the
//! web page's `/api/solve` print these).
//!
//! A [`SolutionReport`] as JSON:
//!
//! ```text
//! {"game":"chess","fen":"...","stipulation":"#2","mate":2,"nodes":N,
//!  "keys":[{"move":"d1f3","text":"Qf3","length":2,"play":PLAY}],
//!  "tries":[{"move":"d1d4","text":"Qd4","refutation":MOVE}]}
//! ```
//!
//! `move` is the coordinate form, `text` the notation for people; `length` and `play` are left
//! out with keys only, and `play` is null for a key that mates. PLAY is
//! `{"threat":THREAT,"defences":[{"move","text","length","answers":[MOVE...],"then":PLAY|null}]}`
//! and THREAT one of `{"kind":"check"}`, `{"kind":"zugzwang"}`,
//! `{"kind":"mate","length":1,"moves":[MOVE...]}`, with MOVE `{"move":"f3f7","text":"Qf7#"}`.
//!
//! A [`LinesReport`] (help- and series-play) as JSON:
//!
//! ```text
//! {"game":"chess","fen":"...","stipulation":"h#2","nodes":N,
//!  "solutions":[[{"move":"a8b8","text":"Kb8"},{"move":"c1b2","text":"Kb2"},...],...]}
//! ```

use ladya_core::Game;

use crate::lines::{Lines, replay};
use crate::solution::{After, Play, Solution, Threat, Try};

/// A move: its coordinate form and its notation for people, in the position it is played in.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveReport {
    /// The coordinate form (`d1f3`, `h2e2`).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub coordinates: String,
    /// The notation for people (SAN in chess, WXF in xiangqi).
    pub text: String,
}

impl MoveReport {
    /// Move `m` of `pos`.
    pub fn new<G: Game>(pos: &G, m: G::Move) -> MoveReport {
        MoveReport { coordinates: pos.move_text(m), text: pos.human_move_text(m) }
    }

    fn list<G: Game>(pos: &G, moves: &[G::Move]) -> Vec<MoveReport> {
        moves.iter().map(|&m| MoveReport::new(pos, m)).collect()
    }
}

/// A directmate, selfmate or reflexmate's solution: the problem, its keys and its tries.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SolutionReport {
    /// The game's name.
    pub game: String,
    /// The problem position.
    pub fen: String,
    /// The stipulation solved: `#2`, `s#3`, `r#2`.
    pub stipulation: String,
    /// The length solved, in the attacker's moves.
    pub mate: u32,
    /// The positions visited.
    pub nodes: u64,
    /// Every key.
    pub keys: Vec<KeyReport>,
    /// The tries, when asked for.
    pub tries: Vec<TryReport>,
}

/// A key, with the play after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KeyReport {
    /// The key move, in the coordinate form.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub coordinates: String,
    /// The key move for people.
    pub text: String,
    /// The moves it mates in; `None` with keys only.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub length: Option<u32>,
    /// The play after it: `None` with keys only, `Some(None)` when the key mates.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub play: Option<Option<PlayReport>>,
}

/// A try and the one defence that refutes it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TryReport {
    /// The try, in the coordinate form.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub coordinates: String,
    /// The try for people.
    pub text: String,
    /// The refutation.
    pub refutation: MoveReport,
}

/// The play after an attacker's move: its threat and every defence.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayReport {
    /// What the attacker threatens.
    pub threat: ThreatReport,
    /// Every defence, with its answers.
    pub defences: Vec<DefenceReport>,
}

/// What the attacker threatens after its move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "lowercase"))]
pub enum ThreatReport {
    /// The move checks: no threat is stated.
    Check,
    /// No threat: every defence spoils the position.
    Zugzwang,
    /// Mate in `length`, begun by `moves`.
    Mate {
        /// The threat's length.
        length: u32,
        /// The threatened first moves.
        moves: Vec<MoveReport>,
    },
}

/// A defence and the shortest mates that answer it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DefenceReport {
    /// The defence, in the coordinate form.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub coordinates: String,
    /// The defence for people.
    pub text: String,
    /// The moves still needed after it.
    pub length: u32,
    /// The attacker's answers (more than one: duals).
    pub answers: Vec<MoveReport>,
    /// The play after the first answer, when it does not mate at once.
    pub then: Option<PlayReport>,
}

/// Every solution of a help- or series-play problem.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LinesReport {
    /// The game's name.
    pub game: String,
    /// The problem position.
    pub fen: String,
    /// The stipulation: `h#2`, `h#2.5`, `ser-h#3`, `ser-#3`.
    pub stipulation: String,
    /// The positions visited.
    pub nodes: u64,
    /// Each solution's moves, each written in the position it is played in.
    pub solutions: Vec<Vec<MoveReport>>,
    /// There were more solutions than [`MAX_SOLUTIONS`](crate::MAX_SOLUTIONS): these
    /// are the first found. Written only when true.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "std::ops::Not::not"))]
    pub capped: bool,
}

impl SolutionReport {
    /// The report of `solution`, solved from `root`.
    pub fn new<G: Game>(root: &G, solution: &Solution<G::Move>) -> SolutionReport {
        let mut pos = root.clone();
        let keys = solution
            .keys
            .iter()
            .map(|key| {
                let play = key.after.as_ref().map(|after| {
                    pos.make(key.mv);
                    let play = match after {
                        After::Mate => None,
                        After::Play(play) => Some(PlayReport::new(&mut pos, play)),
                    };
                    pos.unmake();
                    play
                });
                KeyReport {
                    coordinates: pos.move_text(key.mv),
                    text: pos.human_move_text(key.mv),
                    length: key.after.is_some().then_some(key.length),
                    play,
                }
            })
            .collect();
        let tries = solution
            .tries
            .iter()
            .map(|&Try { mv, refutation }| {
                let (coordinates, text) = (pos.move_text(mv), pos.human_move_text(mv));
                pos.make(mv);
                let refutation = MoveReport::new(&pos, refutation);
                pos.unmake();
                TryReport { coordinates, text, refutation }
            })
            .collect();
        SolutionReport {
            game: G::NAME.to_string(),
            fen: root.fen(),
            stipulation: format!("{}{}", solution.aim.prefix(), solution.mate),
            mate: solution.mate,
            nodes: solution.nodes,
            keys,
            tries,
        }
    }
}

impl PlayReport {
    /// The play at `pos` (the attacker's move made).
    fn new<G: Game>(pos: &mut G, play: &Play<G::Move>) -> PlayReport {
        let threat = match &play.threat {
            Threat::Check => ThreatReport::Check,
            Threat::Zugzwang => ThreatReport::Zugzwang,
            Threat::Mate { length, moves } => {
                pos.make_null();
                let moves = MoveReport::list(pos, moves);
                pos.unmake();
                ThreatReport::Mate { length: *length, moves }
            }
        };
        let defences = play
            .defences
            .iter()
            .map(|d| {
                let (coordinates, text) = (pos.move_text(d.mv), pos.human_move_text(d.mv));
                pos.make(d.mv);
                let answers = MoveReport::list(pos, &d.answers);
                let then = match (&d.then, d.answers.first()) {
                    (Some(then), Some(&answer)) => {
                        pos.make(answer);
                        let then = PlayReport::new(pos, then);
                        pos.unmake();
                        Some(then)
                    }
                    _ => None,
                };
                pos.unmake();
                DefenceReport { coordinates, text, length: d.length, answers, then }
            })
            .collect();
        PlayReport { threat, defences }
    }
}

impl LinesReport {
    /// The report of `lines`, solved from `root`.
    pub fn new<G: Game>(root: &G, lines: &Lines<G::Move>) -> LinesReport {
        let solutions = lines
            .solutions
            .iter()
            .map(|line| {
                let mut moves = Vec::with_capacity(line.len());
                replay(root, lines.stipulation, line, |pos, m| moves.push(MoveReport::new(pos, m)));
                moves
            })
            .collect();
        LinesReport {
            game: G::NAME.to_string(),
            fen: root.fen(),
            stipulation: lines.stipulation.to_string(),
            nodes: lines.nodes,
            solutions,
            capped: lines.capped,
        }
    }
}

#[cfg(test)]
mod tests {
    use ladya_chess::Position;

    use super::*;
    use crate::{Cooperative, Options, Table, solve, solve_lines};

    #[test]
    fn a_mate_in_two_with_its_threat_defences_and_tries() {
        let problem: Position = "8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1".parse().unwrap();
        let table = Table::try_new(4).unwrap();
        let options = Options { tries: true, ..Options::default() };
        let report = SolutionReport::new(&problem, &solve(&problem, 2, &options, &table));
        assert_eq!((report.game.as_str(), report.stipulation.as_str(), report.mate), ("chess", "#2", 2));
        assert_eq!(report.fen, problem.fen());
        let [key] = &report.keys[..] else { panic!("one key: {report:?}") };
        assert_eq!((key.coordinates.as_str(), key.text.as_str(), key.length), ("h3h8", "Qh8", Some(2)));
        let Some(Some(play)) = &key.play else { panic!("play after the key") };
        let ThreatReport::Mate { length: 1, moves } = &play.threat else { panic!("a threat of mate") };
        assert_eq!(moves[1].coordinates, "h8b2");
        let knight = play.defences.iter().find(|d| d.coordinates == "a5c6").unwrap();
        assert_eq!(knight.answers.len(), 2);
        assert!(!report.tries.is_empty());
        assert!(report.tries.iter().all(|t| !t.refutation.coordinates.is_empty()));
    }

    #[test]
    fn keys_only_leave_out_length_and_play_and_a_mating_key_has_no_play() {
        let problem: Position = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1".parse().unwrap();
        let table = Table::try_new(4).unwrap();
        let report = SolutionReport::new(&problem, &solve(&problem, 2, &Options::default(), &table));
        let mate = report.keys.iter().find(|k| k.coordinates == "c1c8").unwrap();
        assert_eq!((mate.length, &mate.play), (Some(1), &Some(None)));
        let options = Options { keys_only: true, ..Options::default() };
        let report = SolutionReport::new(&problem, &solve(&problem, 2, &options, &table));
        assert!(!report.keys.is_empty() && report.keys.iter().all(|k| k.length.is_none() && k.play.is_none()));
    }

    #[test]
    fn helpmate_lines_write_each_move_where_it_is_played() {
        let problem: Position = "k7/pp6/8/8/8/8/8/2KR4 b - - 0 1".parse().unwrap();
        let table = Table::try_new(4).unwrap();
        let play = Cooperative::Help { moves: 2, half: false };
        let report = LinesReport::new(&problem, &solve_lines(&problem, play, &Options::default(), &table));
        assert_eq!(report.stipulation, "h#2");
        assert_eq!(report.solutions.len(), 13);
        assert!(report.solutions.iter().all(|line| line.len() == 4 && line[3].text.ends_with('#')));
        assert_eq!(report.solutions[0][0], MoveReport { coordinates: "a8b8".into(), text: "Kb8".into() });
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serialises_as_documented() {
        let problem: Position = "k7/8/1K6/8/8/8/8/7R w - - 0 1".parse().unwrap();
        let table = Table::try_new(4).unwrap();
        let solution = solve(&problem, 1, &Options::default(), &table);
        let json = serde_json::to_string(&SolutionReport::new(&problem, &solution)).unwrap();
        assert_eq!(
            json,
            format!(
                "{{\"game\":\"chess\",\"fen\":\"k7/8/1K6/8/8/8/8/7R w - - 0 1\",\"stipulation\":\"#1\",\"mate\":1,\
                 \"nodes\":{},\"keys\":[{{\"move\":\"h1h8\",\"text\":\"Rh8#\",\"length\":1,\"play\":null}}],\"tries\":[]}}",
                solution.nodes
            )
        );
        let threat = ThreatReport::Mate {
            length: 1,
            moves: vec![MoveReport { coordinates: "a1a8".into(), text: "Ra8#".into() }],
        };
        let play = PlayReport { threat, defences: vec![] };
        assert_eq!(
            serde_json::to_string(&play).unwrap(),
            "{\"threat\":{\"kind\":\"mate\",\"length\":1,\"moves\":[{\"move\":\"a1a8\",\"text\":\"Ra8#\"}]},\"defences\":[]}"
        );
        assert_eq!(serde_json::to_string(&ThreatReport::Zugzwang).unwrap(), "{\"kind\":\"zugzwang\"}");
    }
}
