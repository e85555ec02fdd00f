// The table's wrapper for the Go module `github.com/lattice-substrate/json-canon` (table/implementations/go-lattice-substrate-json-canon), speaking
// canon-conformance's command protocols (docs/protocol.md):
//
//	./wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
//	./wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// Its package jcs takes JSON text (bytes), jcs.Canonicalize, and parses it itself: everything it is sent
// reaches it as sent.
package main

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/lattice-substrate/json-canon/jcs"
)

func oneLine(text string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(text)
}

func main() {
	lines := len(os.Args) > 1 && os.Args[1] == "--lines"
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if !lines {
		input, err := io.ReadAll(os.Stdin)
		if err == nil {
			var answer []byte
			if answer, err = jcs.Canonicalize(input); err == nil {
				out.Write(answer)
				out.WriteString("\n")
				return
			}
		}
		out.Flush()
		os.Stderr.WriteString(oneLine(err.Error()) + "\n")
		os.Exit(1)
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	for {
		request, err := in.ReadBytes('\n')
		if len(request) == 0 && err != nil {
			return
		}
		request = []byte(strings.TrimSuffix(string(request), "\n"))
		if answer, terr := jcs.Canonicalize(request); terr == nil {
			out.Write(answer)
		} else {
			out.WriteString("!" + oneLine(terr.Error()))
		}
		out.WriteString("\n")
		out.Flush()
	}
}
