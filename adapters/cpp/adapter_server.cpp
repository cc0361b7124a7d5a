// The protocol loop: one JSON line in, one JSON line out.
#include "adapter_server.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "fastest_seconds.hpp"

namespace chad_adapter {
namespace {

using nlohmann::json;

json hello(const ToolInfo& info) {
  json h{{"kind", "hello"}, {"protocol", kProtocolVersion}, {"tool", info.tool},
         {"version", info.version}, {"precision", info.precision}, {"translations", {"json"}},
         {"timing", true}};
  if (!info.notes.empty()) h["notes"] = info.notes;
  if (!info.primitives.empty()) h["primitives"] = info.primitives;
  return h;
}

json error(const json& id, const std::string& kind, const std::string& message) {
  return json{{"kind", "error"}, {"id", id}, {"error", kind}, {"message", message}};
}

std::vector<double> parse_numbers(const json& list, const char* what) {
  if (!list.is_array()) throw AdapterError("crash", std::string("malformed request: ") + what + " is not a list");
  std::vector<double> out;
  for (const json& x : list) out.push_back(parse_number(x));
  return out;
}

json hex_list(const std::vector<double>& xs) {
  json out = json::array();
  for (double x : xs) out.push_back(hex_float(x));
  return out;
}

const json& required(const json& j, const char* name) {
  if (!j.is_object() || !j.contains(name))
    throw AdapterError("crash", std::string("malformed request: missing field \"") + name + "\"");
  return j.at(name);
}

Request parse_request(const json& j) {
  Request r;
  r.id = j.value("id", json());
  const json& translations = required(j, "translations");
  if (!translations.is_object() || !translations.contains("json"))
    throw AdapterError("unsupported", "the request has no \"json\" translation of the program");
  const json& text = translations.at("json");
  try {
    r.program = Program::from_json(text.is_string() ? json::parse(text.get<std::string>()) : text);
  } catch (const UnsupportedPrimitive& e) {
    throw AdapterError("unsupported", e.what());
  } catch (const std::exception& e) {
    throw AdapterError("crash", std::string("malformed request: the json translation: ") + e.what());
  }
  const json& input = required(j, "input");
  r.input_index = required(input, "index");
  r.input_coords = parse_numbers(required(input, "coords"), "input.coords");
  const std::string ask = required(j, "ask").get<std::string>();
  if (ask == "jacobian") r.ask = Ask::Jacobian;
  else if (ask == "jvp") r.ask = Ask::Jvp;
  else if (ask == "vjp") r.ask = Ask::Vjp;
  else throw AdapterError("crash", "malformed request: unknown ask \"" + ask + "\"");
  if (j.contains("seeds"))
    for (const json& seed : j.at("seeds")) r.seeds.push_back(parse_numbers(seed, "a seed"));
  return r;
}

json result(const Request& r, const Answer& a) {
  json out{{"kind", "result"}, {"id", r.id},
           {"output", {{"index", a.output_index}, {"coords", hex_list(a.output_coords)}}}};
  json rows = json::array();
  for (const auto& row : a.rows) rows.push_back(hex_list(row));
  out[r.ask == Ask::Jacobian ? "jacobian" : r.ask == Ask::Jvp ? "jvp" : "vjp"] = std::move(rows);
  return out;
}

// "seconds" of a timed request (docs/adapter-protocol.md, "Timing"): the program interpreted in
// double (the tool's plain evaluation), and the tool's answer for the first seed (its taping or
// its derivative evaluation included).
json timing(const Request& r, const Differentiate& differentiate) {
  Request one = r;
  if (one.seeds.size() > 1) one.seeds.resize(1);
  const double primal =
      fastest_seconds([&] { Interpreter<double>::run(r.program, input_value<double>(r, r.input_coords)); });
  const double derivative = fastest_seconds([&] { differentiate(one); });
  return {{"primal", primal}, {"derivative", derivative}};
}

// The seeds' lengths: n (input coordinates) for jvp; the output's dimension is checked by the tool.
void check_seeds(const Request& r) {
  if (r.ask == Ask::Jvp)
    for (const auto& seed : r.seeds)
      if (seed.size() != r.input_coords.size())
        throw AdapterError("crash", "malformed request: a jvp seed of " + std::to_string(seed.size()) +
                                        " entries for " + std::to_string(r.input_coords.size()) + " input coordinates");
}

}  // namespace

double parse_number(const json& j) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string()) throw AdapterError("crash", "malformed request: a number that is not a number: " + j.dump());
  const std::string text = j.get<std::string>();
  if (text == "nan") return std::nan("");
  if (text == "inf") return HUGE_VAL;
  if (text == "-inf") return -HUGE_VAL;
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0')
    throw AdapterError("crash", "malformed request: a number that is not a number: \"" + text + "\"");
  return x;
}

std::string hex_float(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char text[64];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

void check_vjp_seeds(const Request& request, std::size_t m) {
  for (const auto& seed : request.seeds)
    if (seed.size() != m)
      throw AdapterError("crash", "malformed request: a vjp seed of " + std::to_string(seed.size()) +
                                      " entries for " + std::to_string(m) + " output coordinates");
}

json answer_line(const ToolInfo& info, const Differentiate& differentiate, const std::string& line) {
  json request;
  try {
    request = json::parse(line);
  } catch (const std::exception& e) {
    return error(nullptr, "crash", std::string("malformed request: not JSON: ") + e.what());
  }
  const json id = request.is_object() ? request.value("id", json()) : json();
  try {
    const std::string kind = required(request, "kind").get<std::string>();
    if (kind == "hello") return hello(info);
    if (kind != "differentiate") return error(id, "crash", "malformed request: unknown kind \"" + kind + "\"");
    json answer;
    run_on_big_stack([&] {  // deep values (long lists) recurse once per node
      Request r = parse_request(request);
      check_seeds(r);
      answer = result(r, differentiate(r));
      if (request.value("timing", false) == true) answer["seconds"] = timing(r, differentiate);
    });
    return answer;
  } catch (const AdapterError& e) {
    return error(id, e.kind(), e.what());
  } catch (const DomainError& e) {
    return error(id, "domain", e.what());
  } catch (const UnsupportedPrimitive& e) {
    return error(id, "unsupported", e.what());
  } catch (const MalformedProgram& e) {
    return error(id, "crash", std::string("malformed request: ") + e.what());
  } catch (const std::exception& e) {
    return error(id, "crash", e.what());
  } catch (...) {
    return error(id, "crash", "an exception that is not a std::exception");
  }
}

int serve(const ToolInfo& info, const Differentiate& differentiate, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      const json request = json::parse(line);
      if (request.is_object() && request.value("kind", "") == "bye") break;
    } catch (const std::exception&) {
      // answered as malformed below
    }
    out << answer_line(info, differentiate, line).dump() << '\n' << std::flush;
  }
  return 0;
}

}  // namespace chad_adapter
