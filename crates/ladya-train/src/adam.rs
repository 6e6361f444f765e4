//! Adam (Kingma and Ba, 2015): each parameter moves by its gradient's running mean over the
//! square root of its running mean square, both corrected for starting at zero.

/// The decay of the running mean of gradients.
pub const BETA1: f32 = 0.9;
/// The decay of the running mean of squared gradients.
pub const BETA2: f32 = 0.999;
/// Keeps the step finite where gradients have been zero.
const EPSILON: f32 = 1e-8;

/// Adam's state for a vector of parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// Steps taken.
    steps: u64,
    /// The running mean of each parameter's gradient.
    means: Vec<f32>,
    /// The running mean of each parameter's squared gradient.
    squares: Vec<f32>,
}

impl Adam {
    /// A fresh state for `parameters` parameters.
    pub fn new(parameters: usize) -> Adam {
        Adam { steps: 0, means: vec![0.0; parameters], squares: vec![0.0; parameters] }
    }

    /// The state after `steps` steps with these running means, as a checkpoint kept it.
    pub(crate) fn from_parts(steps: u64, means: Vec<f32>, squares: Vec<f32>) -> Adam {
        Adam { steps, means, squares }
    }

    /// Steps taken, the running means and the running squares.
    pub(crate) fn parts(&self) -> (u64, &[f32], &[f32]) {
        (self.steps, &self.means, &self.squares)
    }

    /// One step of learning rate `rate` on `values`, whose gradient is the sum of the
    /// vectors of `gradients` (one per thread that worked on the batch).
    pub fn step(&mut self, values: &mut [f32], gradients: &[&[f32]], rate: f32) {
        self.steps += 1;
        let t = self.steps.min(i32::MAX as u64) as i32;
        // The corrections for starting at zero, folded into the step size and epsilon.
        let (correction1, correction2) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        let step_size = rate * correction2.sqrt() / correction1;
        let epsilon = EPSILON * correction2.sqrt();
        for (i, ((value, mean), square)) in values.iter_mut().zip(&mut self.means).zip(&mut self.squares).enumerate() {
            let g: f32 = gradients.iter().map(|gradient| gradient[i]).sum();
            *mean = BETA1 * *mean + (1.0 - BETA1) * g;
            *square = BETA2 * *square + (1.0 - BETA2) * g * g;
            *value -= step_size * *mean / (square.sqrt() + epsilon);
        }
    }
}
