// A user's gradient function (api/chad_oracle.hpp) as an adapter inside this process
// (adapter_client/adapter_client.hpp): each "differentiate" request of the adapter verdict is answered
// by calling the function once per program and point (the JVP and VJP asks are its Jacobian
// times the request's seeds), so that the verdict, shrinking and reports of
// `campaign --implementation adapter` judge it unchanged.
#pragma once
#include <memory>

#include "api/chad_oracle.hpp"
#include "adapter_client/adapter_client.hpp"

namespace chad::api {

std::shared_ptr<AdapterClient> gradient_adapter(const GradientFunction& gradient, const CheckOptions& options);

}  // namespace chad::api
