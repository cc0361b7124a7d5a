#include "syntax/program.hpp"

namespace chad {

const Def& entry_point(const Program& program) {
  if (program.defs.empty())
    throw SourceError(Loc{intern_file_name(program.file), 1, 1},  // the start: no def to point at
                      "the program has no `def`: expected at least one (the entry point is "
                      "`main`, or else the last def)");
  for (const Def& d : program.defs)
    if (d.name == "main") return d;
  return program.defs.back();
}

TypeP input_type(const Def& entry) {
  std::vector<TypeP> types;
  for (const Param& p : entry.params) types.push_back(p.type);
  return tuple_type(types);
}

}  // namespace chad
