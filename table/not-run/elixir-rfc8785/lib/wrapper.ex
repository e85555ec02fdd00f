defmodule TableWrapper do
  @moduledoc """
  The table's wrapper for the Hex package `rfc8785` (table/implementations/elixir-rfc8785), an escript speaking
  canon-conformance's command protocols (docs/protocol.md):

      ./wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
      ./wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse

  The package reads JSON text itself (RFC8785.canonicalize!); the wrapper only refuses bytes that are not
  UTF-8 before it.
  """

  def canon(bytes) do
    unless String.valid?(bytes), do: raise(ArgumentError, "invalid UTF-8")
    RFC8785.canonicalize!(bytes)
  end

  defp reason(error), do: error |> Exception.message() |> String.replace(["\r", "\n"], " ")

  defp answer(bytes) do
    try do
      canon(bytes)
    rescue
      error -> {:refused, reason(error)}
    end
  end

  def main(args) do
    :ok = :io.setopts(:standard_io, binary: true, encoding: :latin1)

    if "--lines" in args do
      IO.binstream(:standard_io, :line)
      |> Enum.each(fn line ->
        request = String.replace_suffix(line, "\n", "")

        case answer(request) do
          {:refused, why} -> IO.binwrite(:standard_io, ["!", why, "\n"])
          text -> IO.binwrite(:standard_io, [text, "\n"])
        end
      end)
    else
      case answer(IO.binread(:standard_io, :eof)) do
        {:refused, why} ->
          IO.puts(:stderr, why)
          System.halt(1)

        text ->
          IO.binwrite(:standard_io, [text, "\n"])
      end
    end
  end
end
