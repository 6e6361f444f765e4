//! The trainer's behaviour on small data sets of random chess games: the loss falls, the
//! integer network agrees with the float one, the backward pass is the derivative of the
//! forward pass, and a resumed run is the run it was.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ladya_chess::Position;
use ladya_core::rng::Rng;
use ladya_core::{Game, MoveList, PlacedPiece, Side};
use ladya_nnue::data::{DataWriter, GameResult, Sample};
use ladya_nnue::features::{self, FeatureSpace, KingBuckets};
use ladya_nnue::{Accumulators, Orientation, OutputBuckets};

use crate::positions::view_inputs;
use crate::trainer::{Task, Worker};
use crate::{Checkpoint, Loss, Model, Positions, TrainConfig, TrainError, Trainer};

/// A folder of its own for one test, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladya-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// White's material in centipawns less Black's: the made-up score the data teaches.
fn material(pos: &Position) -> i32 {
    const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];
    let mut pieces = Vec::new();
    pos.placed_pieces(&mut pieces);
    pieces.iter().map(|p| if p.side == Side::White { 1 } else { -1 } * VALUES[p.kind as usize]).sum()
}

/// Writes `games` random chess games of up to 80 plies to `path`, each position scored by
/// its material (side to move's view) plus noise, each game won by whoever is ahead at the
/// end; returns every position.
fn random_games(path: &Path, games: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut writer = DataWriter::append::<Position>(path).unwrap();
    let mut all = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        let mut line = Vec::new();
        let mut moves = MoveList::new();
        for _ in 0..80 {
            moves.clear();
            Game::legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            line.push(pos.clone());
            pos.make(moves[rng.below_scaled(moves.len())]);
        }
        let result = GameResult::from_winner(match material(&pos) {
            m if m > 0 => Some(Side::White),
            m if m < 0 => Some(Side::Black),
            _ => None,
        });
        let samples: Vec<Sample> = line
            .iter()
            .map(|p| {
                let white = material(p) + rng.below_scaled(41) as i32 - 20;
                let score = if p.side_to_move() == Side::White { white } else { -white };
                Sample::of(p, score as i16, result)
            })
            .collect();
        writer.write_game(&samples).unwrap();
        all.extend(line);
    }
    all
}

/// A folder of its own for one test, holding `games` random games from `seed` (as
/// [`random_games`] writes them), and their positions.
fn random_data(name: &str, games: usize, seed: u64) -> (PathBuf, Positions) {
    let dir = scratch(name);
    let path = dir.join("chess.data");
    random_games(&path, games, seed);
    let positions = Positions::read(&[&path]).unwrap();
    (dir, positions)
}

/// A small, quick run: hidden 32, chess's output buckets, 8 epochs, batches of 256, two
/// threads.
fn small_config() -> TrainConfig {
    TrainConfig {
        hidden: 32,
        buckets: OutputBuckets::Pieces { count: 8, most: 32 },
        epochs: 8,
        batch_size: 256,
        learning_rate: 0.01,
        final_learning_rate: 0.001,
        validation: 0.1,
        threads: 2,
        ..TrainConfig::default()
    }
}

/// The active inputs of `pos`, the side to move's view and the other side's.
fn inputs_of(space: &FeatureSpace, pos: &Position) -> (Vec<u16>, Vec<u16>) {
    let mut pieces: Vec<PlacedPiece> = Vec::new();
    pos.placed_pieces(&mut pieces);
    let stm = pos.side_to_move();
    (view_inputs(space, &pieces, stm).collect(), view_inputs(space, &pieces, stm.opponent()).collect())
}

/// The active inputs of `pos` as inference finds them for views oriented by `orientation`
/// with `buckets`.
fn inference_inputs(pos: &Position, orientation: Orientation, buckets: &KingBuckets) -> (Vec<u16>, Vec<u16>) {
    let mut pieces: Vec<PlacedPiece> = Vec::new();
    pos.placed_pieces(&mut pieces);
    let views = features::views::<Position>(&pieces, orientation, buckets);
    let view = |side: Side| -> Vec<u16> {
        pieces.iter().map(|&p| features::index::<Position>(p, side, views[side.index()]) as u16).collect()
    };
    (view(pos.side_to_move()), view(pos.side_to_move().opponent()))
}

/// Each chess square's left-right image.
fn chess_mirror() -> Vec<u8> {
    (0..64).map(|s| Position::mirror_square(s).unwrap()).collect()
}

#[test]
fn the_loss_falls_as_training_goes_on() {
    let (dir, positions) = random_data("loss", 300, 7);
    assert_eq!(positions.game(), "chess");
    let mut trainer = Trainer::new(&positions, small_config()).unwrap();
    assert!(trainer.validation_positions() > 100 && trainer.training_positions() > 1000);
    let before = trainer.validation_loss().unwrap();
    let reports: Vec<_> = (0..8).map(|_| trainer.run_epoch()).collect();
    let after = reports.last().unwrap().validation_loss.unwrap();
    assert!(after < 0.5 * before, "validation loss {before} -> {after}");
    assert!(reports[7].training_loss < reports[0].training_loss);
    assert!(reports.windows(2).all(|w| w[1].learning_rate < w[0].learning_rate));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `values` rounded to the grid the integer network holds them on.
fn on_the_grid(model: &mut Model) {
    let (end, outputs) = (model.hidden_layer_end(), model.buckets().count() * 2 * model.hidden());
    let (qa, qb) = (ladya_nnue::QA as f32, ladya_nnue::QB as f32);
    let values = model.values_mut();
    for (i, w) in values.iter_mut().enumerate() {
        let q = if i < end {
            qa
        } else if i < end + outputs {
            qb
        } else {
            qa * qb
        };
        *w = (*w * q).round() / q;
    }
}

#[test]
fn the_integer_network_agrees_with_the_float_one() {
    let dir = scratch("quantise");
    let path = dir.join("chess.data");
    let games = random_games(&path, 40, 11);
    let fixed = Positions::read(&[&path]).unwrap();
    let turned = fixed.with_views_turned_by_king(5, &chess_mirror()).unwrap();
    assert_eq!(turned.orientation(), Orientation::ByKing);
    // In about half the positions, after the kings have walked, the views differ.
    let differ = (0..fixed.len()).filter(|&i| fixed.inputs(i) != turned.inputs(i)).count();
    assert!(differ > 0 && differ < fixed.len(), "{differ} of {}", fixed.len());
    // Kings on the first rank, on the second, and further up each have a set of inputs.
    let map = "00000000/11111111/22222222/22222222/22222222/22222222/22222222/22222222";
    let bucketed = turned.with_king_buckets(5, &KingBuckets::parse(map, 64).unwrap()).unwrap();
    assert_eq!(bucketed.inputs_per_view(), 3 * 768);
    assert!((0..bucketed.len()).any(|i| bucketed.inputs(i).0.iter().any(|&input| input >= 2 * 768)));
    for positions in [&fixed, &turned, &bucketed] {
        let (orientation, king_buckets) = (positions.orientation(), positions.king_buckets());
        let mut trainer = Trainer::new(positions, TrainConfig { epochs: 4, ..small_config() }).unwrap();
        for _ in 0..4 {
            trainer.run_epoch();
        }
        let trained = trainer.model().clone();
        let mut gridded = trained.clone();
        on_the_grid(&mut gridded);
        // On the grid the two differ only by the integer output's rounding down, under one unit;
        // off it, by rounding each output weight to 1/64, which costs a small share of the
        // evaluation's size.
        for (model, on_grid) in [(&gridded, true), (&trained, false)] {
            let network = Arc::new(model.network("chess", orientation, king_buckets).unwrap());
            let mut accumulators = Accumulators::<Position>::new(Arc::clone(&network));
            let (mut worst, mut total, mut size, mut count) = (0.0f32, 0.0f32, 0.0f32, 0);
            let mut buckets_seen = [false; 8];
            // The data holds every position of the games in order: the trainer's bucket of each
            // must be the one inference picks.
            for (i, pos) in games.iter().enumerate() {
                accumulators.refresh(pos);
                let integer = accumulators.evaluate(pos) as f32;
                let (own, other) = inference_inputs(pos, orientation, king_buckets);
                assert_eq!((own.as_slice(), other.as_slice()), positions.inputs(i));
                let bucket = positions.bucket(i, model.buckets());
                buckets_seen[bucket] = true;
                let float = model.evaluate(&own, &other, bucket);
                worst = worst.max((integer - float).abs());
                total += (integer - float).abs();
                size += float.abs();
                count += 1;
            }
            assert!(buckets_seen.iter().filter(|&&seen| seen).count() >= 2, "{buckets_seen:?}");
            let (mean, mean_size) = (total / count as f32, size / count as f32);
            let fits = if on_grid { worst <= 1.5 } else { mean <= 0.1 * mean_size };
            assert!(fits, "worst {worst}, mean {mean}, mean size {mean_size} over {count}, on the grid: {on_grid}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_backward_pass_is_the_derivative_of_the_forward_pass() {
    let (dir, positions) = random_data("gradient", 2, 3);
    let hidden = 16;
    // Two output layers, split between positions of up to 30 pieces and more.
    let buckets = OutputBuckets::Pieces { count: 2, most: 60 };
    let mut model = Model::random(positions.space().inputs(), hidden, buckets, 400, 5);
    let position_buckets: Vec<u8> = (0..positions.len()).map(|i| positions.bucket(i, buckets) as u8).collect();
    // Larger weights and some biases, so hidden values fall on both sides of 0 and 1.
    let end = model.hidden_layer_end();
    let mut rng = Rng::new(9);
    for (i, w) in model.values_mut().iter_mut().enumerate() {
        *w = if i < end - hidden {
            *w * 8.0
        } else {
            crate::model::uniform(&mut rng, 0.6) + if i < end { 0.3 } else { 0.0 }
        };
    }
    let part: Vec<usize> = (0..12).collect();
    for loss in
        [Loss { wdl: 0.3, sigmoid_scale: 400.0, power: 2.0 }, Loss { wdl: 0.7, sigmoid_scale: 250.0, power: 2.5 }]
    {
        let targets: Vec<f32> = (0..positions.len())
            .map(|i| {
                let (score, result) = positions.score_and_result(i);
                loss.target(score, result)
            })
            .collect();
        let mean_loss = |model: &Model| {
            let task = Task { model, positions: &positions, targets: &targets, buckets: &position_buckets, loss };
            let mut worker = Worker::new(model);
            task.run(&mut worker, &part, None) / part.len() as f64
        };
        let task = Task { model: &model, positions: &positions, targets: &targets, buckets: &position_buckets, loss };
        let mut worker = Worker::new(&model);
        task.run(&mut worker, &part, Some(1.0 / part.len() as f32));
        let analytic = worker.gradient.clone();
        // Inputs of the first position, hidden values, and the output layer.
        let (own, _) = positions.inputs(0);
        let mut checked: Vec<usize> =
            own.iter().take(4).flat_map(|&i| (0..hidden).map(move |j| i as usize * hidden + j)).collect();
        checked.extend(end - hidden..model.values().len());
        let mut compared = 0;
        for &k in &checked {
            let step = 1e-3;
            let mut up = model.clone();
            up.values_mut()[k] += step;
            let mut down = model.clone();
            down.values_mut()[k] -= step;
            let numeric = (mean_loss(&up) - mean_loss(&down)) / (2.0 * step as f64);
            let error = (numeric - analytic[k] as f64).abs();
            assert!(error <= 2e-5 + 0.02 * numeric.abs(), "parameter {k}: numeric {numeric}, analytic {}", analytic[k]);
            compared += (numeric.abs() > 1e-5) as usize;
        }
        assert!(compared > checked.len() / 4, "only {compared} of {} gradients are not zero", checked.len());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_resumed_run_is_the_run_it_was() {
    let (dir, positions) = random_data("resume", 20, 13);
    let config = TrainConfig { epochs: 3, ..small_config() };
    let mut whole = Trainer::new(&positions, config.clone()).unwrap();
    let whole_reports: Vec<_> = (0..3).map(|_| whole.run_epoch()).collect();

    let mut first = Trainer::new(&positions, config.clone()).unwrap();
    first.run_epoch();
    let bytes = first.checkpoint().to_bytes();
    let checkpoint = Checkpoint::from_bytes(&bytes).unwrap();
    assert_eq!(checkpoint, first.checkpoint());
    let mut second = Trainer::new(&positions, config.clone()).unwrap();
    second.resume(checkpoint).unwrap();
    second.run_epoch();
    let last = second.run_epoch();
    assert_eq!(second.model(), whole.model());
    assert_eq!(last.validation_loss, whole_reports[2].validation_loss);

    // Other positions (one game fewer), with every setting the same, are refused.
    let (other_dir, fewer) = random_data("resume-other", 19, 13);
    let mut on_other_data = Trainer::new(&fewer, config.clone()).unwrap();
    let err = on_other_data.resume(Checkpoint::from_bytes(&bytes).unwrap()).unwrap_err();
    assert!(err.to_string().starts_with("the checkpoint was made on other training positions"), "{err}");
    std::fs::remove_dir_all(&other_dir).unwrap();
    let mut other_seed = Trainer::new(&positions, TrainConfig { seed: 2, ..config.clone() }).unwrap();
    let err = other_seed.resume(Checkpoint::from_bytes(&bytes).unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "the checkpoint's seed is 1, but this run's is 2");
    let mut wider = Trainer::new(&positions, TrainConfig { hidden: 64, ..config }).unwrap();
    assert!(wider.resume(Checkpoint::from_bytes(&bytes).unwrap()).is_err());
    let err = Checkpoint::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err();
    assert!(err.to_string().contains("bytes, but its header says"), "{err}");
    assert!(err.to_string().ends_with("it is cut short or corrupt"), "{err}");
    for cut in [13, 40, 71] {
        let err = Checkpoint::from_bytes(&bytes[..cut]).unwrap_err();
        assert!(err.to_string().starts_with("the checkpoint is cut short"), "{cut}: {err}");
    }
    // Any byte changed, in the header or the parameters, is caught by the checksum.
    for at in [60, 80, bytes.len() / 2, bytes.len() - 9, bytes.len() - 1] {
        let mut corrupt = bytes.clone();
        corrupt[at] ^= 0x10;
        let err = Checkpoint::from_bytes(&corrupt).unwrap_err();
        assert!(err.to_string().contains("corrupt"), "{at}: {err}");
    }
    assert!(Checkpoint::from_bytes(b"LADYDATA").is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_started_from_a_network_starts_from_its_weights() {
    let (dir, positions) = random_data("start", 60, 17);
    let config = TrainConfig { epochs: 4, ..small_config() };
    let mut first = Trainer::new(&positions, config.clone()).unwrap();
    for _ in 0..4 {
        first.run_epoch();
    }
    let network = first.model().network("chess", Orientation::Fixed, &KingBuckets::default()).unwrap();

    // The network's floats round back to the network, and the run starts at its loss.
    let mut second = Trainer::new(&positions, config.clone()).unwrap();
    let fresh = second.validation_loss().unwrap();
    second.start_from(&network).unwrap();
    assert_eq!(second.model().network("chess", Orientation::Fixed, &KingBuckets::default()).unwrap(), network);
    let started = second.validation_loss().unwrap();
    let trained = first.validation_loss().unwrap();
    assert!(started < fresh, "fresh {fresh}, started {started}");
    assert!((started - trained).abs() < 0.05 * trained, "trained {trained}, started {started}");
    let report = second.run_epoch();
    assert_eq!(report.epoch, 1);

    // A wider run starts from the same evaluations (the new values weigh nothing yet) and
    // learns on from there; a narrower one is refused.
    let mut wider = Trainer::new(&positions, TrainConfig { hidden: 64, ..config.clone() }).unwrap();
    wider.start_from(&network).unwrap();
    assert_eq!(wider.model().hidden(), 64);
    assert_eq!(wider.validation_loss().unwrap(), started);
    wider.run_epoch();
    assert!(wider.validation_loss().unwrap() < started, "wider: {:?}", wider.validation_loss());
    let mut narrower = Trainer::new(&positions, TrainConfig { hidden: 16, ..config.clone() }).unwrap();
    let err = narrower.start_from(&network).unwrap_err();
    assert!(err.to_string().contains("can be widened, not narrowed"), "{err}");
    let turned = positions.with_views_turned_by_king(5, &chess_mirror()).unwrap();
    let err = Trainer::new(&turned, config.clone()).unwrap().start_from(&network).unwrap_err();
    assert_eq!(err.to_string(), "the network's views is Fixed, but this run's is ByKing");

    // A run with king buckets starts each bucket as a copy of the network's one set: the same
    // evaluations, and the buckets learn apart from there. A network with buckets is not split
    // again into others.
    let map = "00000000/11111111/22222222/22222222/22222222/22222222/22222222/22222222";
    let bucketed = positions.with_king_buckets(5, &KingBuckets::parse(map, 64).unwrap()).unwrap();
    let mut split = Trainer::new(&bucketed, config.clone()).unwrap();
    split.start_from(&network).unwrap();
    assert_eq!(split.model().inputs(), 3 * 768);
    assert_eq!(split.validation_loss().unwrap(), started);
    split.run_epoch();
    assert!(split.validation_loss().unwrap() < started, "split: {:?}", split.validation_loss());
    let split_network = split.model().network("chess", Orientation::Fixed, bucketed.king_buckets()).unwrap();
    let err = Trainer::new(&positions, config).unwrap().start_from(&split_network).unwrap_err();
    assert!(err.to_string().starts_with("the network's inputs is 2304, but this run's is 768"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_data_and_settings_are_refused_with_the_reason() {
    let dir = scratch("bad");
    let path = dir.join("chess.data");
    random_games(&path, 3, 17);
    let missing = dir.join("missing.data");
    let err = Positions::read(&[&missing]).unwrap_err();
    assert!(err.to_string().starts_with(&missing.display().to_string()), "{err}");
    assert!(matches!(Positions::read::<&Path>(&[]), Err(TrainError::NoPositions)));

    let mut corrupt = std::fs::read(&path).unwrap();
    let header = 8 + 4 + 8 + 3 + 64;
    corrupt[header + 4] = 7; // The first position's side to move.
    let corrupt_path = dir.join("corrupt.data");
    std::fs::write(&corrupt_path, &corrupt).unwrap();
    let err = Positions::read(&[&corrupt_path]).unwrap_err();
    assert!(err.to_string().ends_with("corrupt position in game 0: side to move 7"), "{err}");

    let mut off_board = std::fs::read(&path).unwrap();
    off_board[8 + 4 + 8 + 3 + 5] = 64; // Black's view of square 5.
    std::fs::write(&corrupt_path, &off_board).unwrap();
    let err = Positions::read(&[&corrupt_path]).unwrap_err();
    assert!(err.to_string().ends_with("corrupt header: Black sees square 5 as 64, off a board of 64 squares"), "{err}");

    let xiangqi = dir.join("xiangqi.data");
    DataWriter::append::<ladya_xiangqi::Position>(&xiangqi).unwrap();
    let err = Positions::read(&[&path, &xiangqi]).unwrap_err();
    assert!(matches!(err, TrainError::MixedGames { .. }), "{err}");

    let positions = Positions::read(&[&path]).unwrap();
    let refused = |config: TrainConfig| Trainer::new(&positions, config).unwrap_err().to_string();
    assert_eq!(
        refused(TrainConfig { hidden: 40, ..small_config() }),
        "hidden width 40 is not a multiple of 16 between 16 and 512"
    );
    assert_eq!(refused(TrainConfig { batch_size: 0, ..small_config() }), "the batch size must be at least 1");
    assert!(refused(TrainConfig { validation: 1.0, ..small_config() }).starts_with("the validation fraction"));
    let loss = Loss { wdl: 1.5, ..small_config().loss };
    assert!(refused(TrainConfig { loss, ..small_config() }).contains("(wdl) must be from 0 to 1"));

    // Data of format 1 keeps no move numbers, which buckets by move number need.
    let mut old = b"LADYDATA".to_vec();
    old.extend_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(b"chess\0\0\0");
    old.extend_from_slice(&64u16.to_le_bytes());
    old.push(6);
    old.extend((0..64u8).map(|s| s ^ 56));
    old.extend_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(&[0, 1, 0, 0, 2, 4, 5, 60, 0x85]);
    let old_path = dir.join("old.data");
    std::fs::write(&old_path, &old).unwrap();
    let old_positions = Positions::read(&[&old_path]).unwrap();
    assert!(!old_positions.has_move_numbers() && positions.has_move_numbers());
    let config =
        TrainConfig { buckets: OutputBuckets::Moves { count: 4, last: 80 }, validation: 0.0, ..small_config() };
    let err = Trainer::new(&old_positions, config).unwrap_err().to_string();
    assert_eq!(err, "output buckets moves:4:80 need the move numbers, which data files of format 1 do not keep");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mirror_image_has_the_inputs_of_the_mirrored_position() {
    let dir = scratch("mirror");
    let path = dir.join("pair.data");
    let fen = "r3k2r/pp3ppp/2n5/3q4/8/2N2B2/PPP2PPP/R2Q1RK1 b - - 0 12";
    // The same board with each rank written backwards.
    let (board, rest) = fen.split_once(' ').unwrap();
    let reversed: Vec<String> = board.split('/').map(|rank| rank.chars().rev().collect()).collect();
    let mirrored_fen = format!("{} {rest}", reversed.join("/"));
    let pos = Position::from_fen(fen).unwrap();
    let mirrored_pos = Position::from_fen(&mirrored_fen).unwrap();
    let mut writer = DataWriter::append::<Position>(&path).unwrap();
    writer.write_game(&[Sample::of(&pos, -35, GameResult::WhiteWon)]).unwrap();
    writer.write_game(&[Sample::of(&Position::start(), 20, GameResult::Draw)]).unwrap();
    drop(writer);

    let positions = Positions::read(&[&path]).unwrap();
    let map = chess_mirror();
    let with_images = positions.with_mirror_images(&map).unwrap();
    assert_eq!((with_images.games(), with_images.len()), (2, 4));
    assert_eq!((with_images.game_positions(0), with_images.game_positions(1)), (0..2, 2..4));
    let sorted = |inputs: &[u16]| {
        let mut inputs = inputs.to_vec();
        inputs.sort();
        inputs
    };
    let (own, other) = inputs_of(positions.space(), &mirrored_pos);
    let (image_own, image_other) = with_images.inputs(1);
    assert_eq!((sorted(image_own), sorted(image_other)), (sorted(&own), sorted(&other)));
    assert_ne!(sorted(image_own), sorted(with_images.inputs(0).0));
    assert_eq!(with_images.score_and_result(1), positions.score_and_result(0));
    // The score is Black's, who moves, and White won.
    assert_eq!(with_images.score_and_result(1), (-35.0, 0.0));
    assert_eq!(with_images.inputs(2), positions.inputs(1));

    let mut twice = map.clone();
    twice[0] = twice[1];
    let err = positions.with_mirror_images(&twice).unwrap_err().to_string();
    assert_eq!(err, "the mirror map is not a one-to-one map of the 64 squares");
    let turned: Vec<u8> = (0..64).map(|s| (s + 1) % 64).collect();
    let err = positions.with_mirror_images(&turned).unwrap_err().to_string();
    assert_eq!(err, "the mirror image depends on which side views the board");
    // Turned by the king, a position and its image have the same inputs.
    let by_king = with_images.with_views_turned_by_king(5, &map).unwrap();
    assert_eq!(by_king.inputs(0), by_king.inputs(1));
    let err = by_king.with_mirror_images(&map).unwrap_err().to_string();
    assert_eq!(err, "views turned by the king see a position and its image alike");
    let err = by_king.with_views_turned_by_king(5, &map).unwrap_err().to_string();
    assert_eq!(err, "the views are turned by the king already");
    std::fs::remove_dir_all(&dir).unwrap();
}
