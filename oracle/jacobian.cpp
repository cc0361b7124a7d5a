// placeholder; replaced by the reference derivatives
