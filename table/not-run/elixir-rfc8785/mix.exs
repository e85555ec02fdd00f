defmodule TableWrapper.MixProject do
  # The table's wrapper around the Hex package rfc8785, at an exact version (==).
  use Mix.Project

  def project do
    [
      app: :table_wrapper,
      version: "0.0.0",
      elixir: "~> 1.14",
      deps: [{:rfc8785, "== 1.1.0"}],
      escript: [main_module: TableWrapper, name: "wrapper"]
    ]
  end
end
