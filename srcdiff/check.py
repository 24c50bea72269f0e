"""sd.check_grads: compare srcdiff's gradients with finite differences."""
