//! What training minimises: how far the network's predicted outcome is from a blend of the
//! game's result and the search's score.

/// The loss of one position, from the side to move's view: with `σ(x) = 1 / (1 + e^-x)`,
/// the target is `wdl x result + (1 - wdl) x σ(score / sigmoid_scale)`, the prediction is
/// `σ(evaluation / sigmoid_scale)`, and the loss is `|prediction - target|^power`.
///
/// ```
/// use ladya_train::Loss;
///
/// let loss = Loss { wdl: 0.3, sigmoid_scale: 400.0, power: 2.0 };
/// // A won game whose search said +400 (σ(1) = 0.731): 0.3 x 1 + 0.7 x 0.731.
/// let target = loss.target(400.0, 1.0);
/// assert!((target - (0.3 + 0.7 * 0.731_058_6)).abs() < 1e-5);
/// // An evaluation that predicts the target costs nothing; one below it costs, and its
/// // derivative says to raise the evaluation.
/// let (exact, _) = loss.of(400.0, 0.731_058_6);
/// assert!(exact < 1e-10);
/// let (cost, slope) = loss.of(0.0, target);
/// assert!(cost > 0.0 && slope < 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loss {
    /// The weight of the game's result in the target, from 0 (the score alone) to 1 (the
    /// result alone).
    pub wdl: f32,
    /// The evaluation, in the game's units, that the sigmoid turns into a 73% expectation
    /// (`σ(1)`): about 400 for chess in centipawns.
    pub sigmoid_scale: f32,
    /// The power of the error: 2 for the mean squared error.
    pub power: f32,
}

/// `1 / (1 + e^-x)`.
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Loss {
    /// The target of a position with the search's `score` (evaluation units) and the game's
    /// `result` (1 won, 0.5 drawn, 0 lost), both the side to move's.
    pub fn target(&self, score: f32, result: f32) -> f32 {
        self.wdl * result + (1.0 - self.wdl) * sigmoid(score / self.sigmoid_scale)
    }

    /// The loss of `evaluation` against `target`, and its derivative by the evaluation.
    #[inline(always)]
    pub fn of(&self, evaluation: f32, target: f32) -> (f32, f32) {
        let prediction = sigmoid(evaluation / self.sigmoid_scale);
        let error = prediction - target;
        let size = error.abs();
        let loss = size.powf(self.power);
        // d|e|^p/de = p |e|^(p-1) sign(e); dσ(x/k)/dx = σ(1 - σ) / k.
        let d_error = if size > 0.0 { self.power * size.powf(self.power - 1.0) * error.signum() } else { 0.0 };
        (loss, d_error * prediction * (1.0 - prediction) / self.sigmoid_scale)
    }
}
