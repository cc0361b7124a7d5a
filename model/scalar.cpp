// placeholder; replaced by the model implementation
