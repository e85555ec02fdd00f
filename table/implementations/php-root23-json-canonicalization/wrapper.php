<?php
// The table's wrapper for the Packagist package root23/php-json-canonicalization
// (table/implementations/php-root23-json-canonicalization), speaking canon-conformance's command
// protocols (docs/protocol.md):
//
//   php wrapper.php            once: the input on stdin, the answer on stdout, exit 1 to refuse
//   php wrapper.php --lines    lines: a request per line, an answer per line, "!reason" to refuse
//
// The package canonicalizes PHP values, so the wrapper parses with json_decode (objects as stdClass, so
// that {} and [] stay apart, as the package's own tests decode; JSON_THROW_ON_ERROR; depth 100000), after
// checking the bytes are UTF-8.
declare(strict_types=1);

require __DIR__ . '/vendor/autoload.php';

use Root23\JsonCanonicalizer\JsonCanonicalizer;

function canon(string $bytes): string
{
    if (!mb_check_encoding($bytes, 'UTF-8')) {
        throw new RuntimeException('invalid UTF-8');
    }
    $value = json_decode($bytes, false, 100000, JSON_THROW_ON_ERROR);
    return (new JsonCanonicalizer())->canonicalize($value);
}

function reason(Throwable $error): string
{
    return str_replace(["\r", "\n"], ' ', get_class($error) . ': ' . $error->getMessage());
}

if (in_array('--lines', $argv, true)) {
    while (($line = fgets(STDIN)) !== false) {
        $request = substr($line, -1) === "\n" ? substr($line, 0, -1) : $line;
        try {
            $answer = canon($request);
        } catch (Throwable $error) {
            $answer = '!' . reason($error);
        }
        fwrite(STDOUT, $answer . "\n");
        fflush(STDOUT);
    }
    exit(0);
}
try {
    fwrite(STDOUT, canon(stream_get_contents(STDIN)) . "\n");
} catch (Throwable $error) {
    fwrite(STDERR, reason($error) . "\n");
    exit(1);
}
