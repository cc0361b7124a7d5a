/* The kernel ABI (issue 13): how the oracle calls a compiled kernel, over Euclidean normal forms
   (model/normal_form.hpp). A value of a data type is an index and coordinates; the index crosses
   the ABI as its constructor tags in pre-order (the order the value is printed: a pair's first
   component before its second, an injection's tag before its payload; reals, unit and rolls add
   no tag), which with the type determines the index. A generated source defines, for a kernel
   named K, one entry point
       int K(chad_kernel_call* call);
   of mode primal, fwd or rev (fixed when the source is generated). Plain C, so that it can be
   included by generated code and by the oracle alike. */
#ifndef CHAD_KERNEL_ABI_H
#define CHAD_KERNEL_ABI_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHAD_KERNEL_ABI_VERSION 1

/* Return codes of a kernel; on a non-zero code `message` says what happened. */
enum {
  CHAD_KERNEL_OK = 0,
  CHAD_KERNEL_DOMAIN_ERROR = 1, /* a partial primitive outside its domain (log 0, x / 0) */
  CHAD_KERNEL_FAULT = 2,        /* an internal fault of the program (lifted-sum inconsistency,
                                   a value of the wrong shape): CHAD's bug, never the input's */
  CHAD_KERNEL_BAD_INPUT = 3     /* the tags or coordinates do not describe a value of the input type */
};

/* Where a kernel writes its results; the caller owns the storage behind `context`. */
typedef struct chad_kernel_sink {
  void* context;
  /* Called once: the output's index (pre-order tags). */
  void (*index)(void* context, const int* tags, size_t count);
  /* Called once per vector, in this order: the primal output's coordinates; then, fwd, one
     output tangent per seed (the output's dimension each); rev, one input cotangent per seed
     (the input's dimension each). */
  void (*vector)(void* context, const double* coords, size_t count);
} chad_kernel_sink;

typedef struct chad_kernel_call {
  const int* input_tags;
  size_t input_tag_count;
  const double* input;  /* the input's coordinates */
  size_t input_dimension;
  /* fwd: `seed_count` input tangents, input_dimension each, one after another;
     rev: `seed_count` output cotangents, the output's dimension each;
     seeds == NULL: every one-hot vector of the fibre (fwd: the Jacobian's columns, rev: its rows);
     primal: ignored. */
  const double* seeds;
  size_t seed_count;
  chad_kernel_sink sink;
  char message[1024];
} chad_kernel_call;

typedef int (*chad_kernel_fn)(chad_kernel_call* call);

#ifdef __cplusplus
}
#endif
#endif
