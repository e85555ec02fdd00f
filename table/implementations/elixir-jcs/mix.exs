defmodule TableWrapper.MixProject do
  # The table's wrapper around the Hex package jcs, at an exact version (==).
  use Mix.Project

  def project do
    [
      app: :table_wrapper,
      version: "0.0.0",
      elixir: "~> 1.14",
      deps: [{:jcs, "== 0.2.0"}, {:jason, "== 1.4.4"}],
      escript: [main_module: TableWrapper, name: "wrapper"]
    ]
  end
end
