// placeholder; replaced by the evaluator
