;; The table's wrapper for the Clojars library dev.dotfox/jsonista.jcs (table/implementations/clojure-jsonista-jcs),
;; speaking canon-conformance's command protocols (docs/protocol.md):
;;
;;   clojure -M wrapper.clj            once: the input on stdin, the canonical form on stdout, exit 1 to refuse
;;   clojure -M wrapper.clj --lines    lines: a request per line, an answer per line, "!reason" to refuse
;;
;; The library is a jsonista object mapper that writes RFC 8785, so it takes an already-parsed value: the
;; wrapper reads the bytes itself (strict UTF-8: an invalid byte is refused here), parses them with
;; jsonista's own reader (jsonista.core/read-value, Jackson with jsonista's defaults), and writes the value
;; with the library's mapper as its one example does (jsonista/jcs.clj: jsonista.core/write-value-as-string), the text
;; then encoded as UTF-8 by Java (String.getBytes: a lone surrogate left in the text comes out as "?", a wrong
;; answer rather than a refusal the library did not make). What the reader lets through (a duplicate name,
;; a lone surrogate escape, content after the first value) is the library's to refuse or not.
(require '[jsonista.core :as json]
         '[jsonista.jcs :as jcs])
(import '(java.io BufferedInputStream ByteArrayOutputStream)
        '(java.nio ByteBuffer)
        '(java.nio.charset CodingErrorAction StandardCharsets))

(def mapper (jcs/object-mapper))

(defn utf8 ^String [^bytes bs]
  (-> (.newDecoder StandardCharsets/UTF_8)
      (.onMalformedInput CodingErrorAction/REPORT)
      (.onUnmappableCharacter CodingErrorAction/REPORT)
      (.decode (ByteBuffer/wrap bs))
      (.toString)))

(defn canon ^bytes [^bytes bs]
  (.getBytes (json/write-value-as-string (json/read-value (utf8 bs)) mapper) StandardCharsets/UTF_8))

(defn reason ^String [^Throwable e]
  (.replaceAll (str (.getName (class e)) ": " (.getMessage e)) "[\r\n]+" " "))

(let [in (BufferedInputStream. System/in)
      out System/out]
  (if (some #{"--lines"} *command-line-args*)
    (let [line (ByteArrayOutputStream.)
          answer (fn []
                   (let [bs (.toByteArray line)]
                     (.reset line)
                     (try (.write out ^bytes (canon bs))
                          (catch Throwable e
                            (.write out (.getBytes (str "!" (reason e)) StandardCharsets/UTF_8))))
                     (.write out 10)
                     (.flush out)))]
      (loop []
        (let [b (.read in)]
          (cond
            (= b -1) (when (pos? (.size line)) (answer))
            (= b 10) (do (answer) (recur))
            :else (do (.write line b) (recur))))))
    (let [bs (.readAllBytes in)
          result (try {:ok (canon bs)} (catch Throwable e {:error (reason e)}))]
      (if-let [ok (:ok result)]
        (do (.write out ^bytes ok) (.write out 10) (.flush out))
        (do (binding [*out* *err*] (println (:error result)))
            (System/exit 1))))))
(shutdown-agents)
