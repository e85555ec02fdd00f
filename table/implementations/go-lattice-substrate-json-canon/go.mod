module canon-conformance.table/go-lattice-substrate-json-canon

go 1.24

require github.com/lattice-substrate/json-canon v0.3.4
