// A breach planted for the test judge_layers_catches_a_breach: the judge's core including
// triage (a layer above it). Never compiled.
#pragma once
#include "triage/shrink.hpp"
