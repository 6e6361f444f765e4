//! PGN of every game: random games written and read back (from the start and from a FEN with
//! the second player to move), movetext in each game's human notation, the forms `ladya match`
//! writes, and the errors.

use ladya_core::pgn::{Note, PgnError, PgnGame, read, read_first, read_games, write};
use ladya_core::{Game, MoveList, Side};

/// Up to `plies` moves from `start`, picked by a fixed pseudo-random sequence (`seed`), ending
/// early when the game does.
fn random_game<G: Game>(start: G, plies: usize, seed: u64) -> PgnGame<G> {
    let mut pos = start.clone();
    let mut state = seed;
    let mut moves = Vec::new();
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let m = list[(state >> 33) as usize % list.len()];
        pos.make(m);
        moves.push(m);
    }
    let notes = (0..moves.len())
        .map(|i| Note::new((i % 4 == 1).then_some(2), (i % 3 == 0).then(|| format!("note {i}"))))
        .collect();
    let tags = vec![("White".into(), "Ann \"A\"".into()), ("Annotator".into(), "Ladya".into())];
    PgnGame { tags, start, moves, notes, result: Some("*".into()) }
}

/// Writes `game`, reads it back as one of two games of a text, and checks that everything
/// came back; returns the text written.
fn round_trip<G: Game>(game: &PgnGame<G>) -> String {
    let text = write(game);
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    let twice = format!("{text}\n{text}");
    let back = read::<G>(&twice).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.len(), 2);
    assert_eq!(back[0].start.fen(), game.start.fen());
    assert_eq!(back[0].moves, game.moves, "{text}");
    assert_eq!(back[0].notes, game.notes, "{text}");
    assert_eq!((back[0].tag("White"), back[0].tag("Annotator")), (Some("Ann \"A\""), Some("Ladya")));
    assert_eq!(back[1].moves, game.moves);
    text
}

/// The moves of `game` in the game's human notation, numbered, as a movetext.
fn human_movetext<G: Game>(game: &PgnGame<G>) -> String {
    let mut pos = game.start.clone();
    let mut words = Vec::new();
    for &m in &game.moves {
        if pos.side_to_move() == Side::White || words.is_empty() {
            words.push(ladya_core::pgn::move_number(&pos));
        }
        words.push(pos.human_move_text(m));
        pos.make(m);
    }
    words.join(" ")
}

fn every_form<G: Game>(fen: &str) {
    for seed in 1..=6 {
        let start = if seed % 2 == 0 { G::from_fen(fen).unwrap() } else { G::start() };
        let game = random_game(start, 120, seed);
        let text = round_trip(&game);
        let fen_tag = format!("[FEN \"{}\"]", game.start.fen());
        assert_eq!(text.contains(&fen_tag), G::PGN_VARIANT.is_some() || seed % 2 == 0, "{text}");
        // The human notation and the coordinate form are read too.
        let human = format!("{fen_tag}\n{} *", human_movetext(&game));
        assert_eq!(read_first::<G>(&human).unwrap().moves, game.moves, "{human}");
        let mut pos = game.start.clone();
        let coordinates: Vec<String> = game
            .moves
            .iter()
            .map(|&m| {
                let text = pos.move_text(m);
                pos.make(m);
                text
            })
            .collect();
        let plain = format!("{fen_tag}\n{}", coordinates.join(" "));
        if G::NAME != "xiangqi" {
            assert_eq!(read_first::<G>(&plain).unwrap().moves, game.moves, "{plain}");
        }
    }
}

#[test]
fn chess_games_go_out_and_come_back() {
    every_form::<ladya_chess::Position>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17");
    let game = random_game(ladya_chess::Position::start(), 6, 3);
    let text = write(&game);
    assert!(!text.contains("Variant") && !text.contains("FEN"), "{text}");
}

#[test]
fn xiangqi_games_go_out_and_come_back() {
    every_form::<ladya_xiangqi::Position>("r1bakabr1/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C2B4/9/RN1AKABNR b - - 0 3");
    // Ranks 1-10, as Fairy-Stockfish writes them; the Variant tag names the game.
    let text = "[Variant \"xiangqi\"]\n\n1. h3e3 h10g8 2. h1g3 i10h10 *";
    let game = read_first::<ladya_xiangqi::Position>(text).unwrap();
    let iccs: Vec<String> = game.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    let written = write(&game);
    assert!(written.contains("[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"rnbakabnr/"), "{written}");
    assert!(written.ends_with("\n1. h3e3 h10g8 2. h1g3 i10h10 *\n"), "{written}");
}

#[test]
fn ugolki_games_go_out_and_come_back() {
    every_form::<ladya_ugolki::Position>("BBBB4/BBB5/BBBB4/3B4/4W3/4W1WW/4WWWW/4WWWW b 3");
}

#[test]
fn the_forms_ladya_match_writes_are_read() {
    let text = "[Event \"m\"]\n[Result \"1/2-1/2\"]\n[Variant \"ugolki\"]\n\
                [FEN \"BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1\"]\n[SetUp \"1\"]\n\n\
                1. e3e4 {+0.10/5 0.100s} d6d5 {-0.05/6\n0.101s} 2. f3f4 {draw by agreement} 1/2-1/2\n\n";
    let game = &read_games(text).unwrap()[0];
    assert_eq!(game.moves[1].note.comment.as_deref(), Some("-0.05/6 0.101s"));
    assert_eq!(game.moves[2].note.comment.as_deref(), Some("draw by agreement"));
    let game = game.replay::<ladya_ugolki::Position>().unwrap();
    assert_eq!(game.moves.len(), 3);
    assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
}

/// Reads a text as one of the games.
type Reader = Box<dyn Fn(&str) -> Result<(), PgnError>>;

#[test]
fn errors_name_the_move_and_the_game() {
    let cases: [(&str, Reader, &str); 5] = [
        (
            "1. e4 e5 2. Ke3",
            Box::new(|t| read::<ladya_chess::Position>(t).map(drop)),
            "line 1, move 2.: illegal move 'Ke3'",
        ),
        (
            "[Variant \"xiangqi\"]\n1. e4",
            Box::new(|t| read::<ladya_chess::Position>(t).map(drop)),
            "the Variant tag says xiangqi, not chess",
        ),
        ("1. h3e3 h3e3", Box::new(|t| read::<ladya_xiangqi::Position>(t).map(drop)), "line 1, move 1...: illegal move"),
        (
            "[FEN \"BBBB4/BBBB4 w 1\"]\n1. e3e4",
            Box::new(|t| read::<ladya_ugolki::Position>(t).map(drop)),
            "the FEN tag:",
        ),
        ("1. e3e4 *\n\n1. e3e5 *", Box::new(|t| read::<ladya_ugolki::Position>(t).map(drop)), "line 3, move 1.:"),
    ];
    for (text, reader, error) in cases {
        let message = reader(text).unwrap_err().to_string();
        assert!(message.starts_with(error), "{text}: {message}");
    }
    // Standard chess may say so.
    let lichess = "[Variant \"Standard\"]\n1. e4 *\n\n[Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n1. O-O *";
    assert_eq!(read::<ladya_chess::Position>(lichess).unwrap().len(), 2);
}

#[test]
fn no_text_makes_the_reader_panic() {
    // A game with every kind of element, cut at every character and with PGN's special
    // characters put in everywhere: each text is read (or refused) without a panic.
    let text = "[Event \"a \\\"b\\\"\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\
                % escaped\n1. e4 {c} e5?! (1... c5 (1... d5) 2. Nf3) 2. Nf3 $1 ; rest\n2... Nc6!! 3. Bb5 a6 1-0\n\
                [White \"ü\"]\n1. d4 d5 0000 35.4 *";
    let specials = ['{', '}', '(', ')', '[', ']', ';', '%', '$', '!', '?', '.', '"', '\\', '\n', 'é', '0', '-'];
    let mut texts = Vec::new();
    for (at, _) in text.char_indices() {
        texts.push(text[..at].to_string());
        texts.push(text[at..].to_string());
        for c in specials {
            texts.push(format!("{}{c}{}", &text[..at], &text[at..]));
        }
    }
    let mut read_some = 0;
    for text in &texts {
        if let Ok(games) = read_games(text) {
            read_some += 1;
            for game in &games {
                let _ = game.replay::<ladya_chess::Position>();
                let _ = game.replay::<ladya_xiangqi::Position>();
                let _ = game.replay::<ladya_ugolki::Position>();
            }
        }
    }
    assert!(read_some > texts.len() / 2, "{read_some} of {}", texts.len());
}
