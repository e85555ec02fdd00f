// The table's wrapper for the Go module `github.com/ucarion/jcs` (table/implementations/go-ucarion-jcs), speaking
// canon-conformance's command protocols (docs/protocol.md):
//
//	./wrapper            once: the input on stdin, the answer on stdout, exit 1 to refuse
//	./wrapper --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The module takes an already-parsed value (what encoding/json's Unmarshal makes into an interface{}), so
// the wrapper reads the bytes itself: strict UTF-8 (an invalid byte is refused here, as encoding/json would
// silently replace it), then json.Unmarshal, then jcs.Format. What Unmarshal lets through (a duplicate name,
// a lone surrogate escape) is the module's to refuse or not.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	jcs "github.com/ucarion/jcs"
)

func oneLine(text string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(text)
}

func canon(input []byte) (string, error) {
	if !utf8.Valid(input) {
		return "", errors.New("invalid UTF-8")
	}
	var value interface{}
	if err := json.Unmarshal(input, &value); err != nil {
		return "", err
	}
	return jcs.Format(value)
}

func main() {
	lines := len(os.Args) > 1 && os.Args[1] == "--lines"
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	if !lines {
		input, err := io.ReadAll(os.Stdin)
		if err == nil {
			var answer string
			if answer, err = canon(input); err == nil {
				out.WriteString(answer + "\n")
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
		if answer, cerr := canon(request); cerr == nil {
			out.WriteString(answer)
		} else {
			out.WriteString("!" + oneLine(cerr.Error()))
		}
		out.WriteString("\n")
		out.Flush()
	}
}
