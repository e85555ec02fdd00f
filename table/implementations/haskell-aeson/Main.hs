-- The table's wrapper for aeson's Data.Aeson.RFC8785 (table/implementations/haskell-aeson), speaking
-- canon-conformance's command protocols (docs/protocol.md):
--
--   ./wrapper-bin            once: the input on stdin, the canonical form on stdout, exit 1 to refuse
--   ./wrapper-bin --lines    lines: a request per line, an answer per line, "!reason" to refuse
--
-- encodeCanonical takes an already-parsed value, so the wrapper reads the bytes itself: strict UTF-8
-- (Data.Text.Encoding.decodeUtf8': an invalid byte is refused here), then aeson's own parser
-- (eitherDecodeStrict to a Value), then encodeCanonical. What the parser lets through (a duplicate name,
-- a lone surrogate escape) is the library's to refuse or not.
module Main (main) where

import Control.Exception (SomeException, evaluate, try)
import qualified Data.Aeson as A
import Data.Aeson.RFC8785 (encodeCanonical)
import qualified Data.ByteString as BS
import qualified Data.ByteString.Char8 as BC
import qualified Data.ByteString.Lazy as LBS
import qualified Data.Text.Encoding as TE
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO

canon :: BS.ByteString -> IO (Either String BS.ByteString)
canon bytes = case TE.decodeUtf8' bytes of
  Left err -> pure (Left ("invalid UTF-8: " ++ show err))
  Right _ -> case A.eitherDecodeStrict bytes :: Either String A.Value of
    Left err -> pure (Left err)
    Right value -> do
      out <- try (evaluate (LBS.toStrict (encodeCanonical value))) :: IO (Either SomeException BS.ByteString)
      pure (either (Left . show) Right out)

oneLine :: String -> String
oneLine = map (\c -> if c == '\n' || c == '\r' then ' ' else c)

main :: IO ()
main = do
  args <- getArgs
  hSetBinaryMode stdin True
  hSetBinaryMode stdout True
  if "--lines" `elem` args
    then
      let loop = do
            eof <- hIsEOF stdin
            if eof
              then pure ()
              else do
                line <- BS.hGetLine stdin
                answer <- canon line
                BS.hPut stdout (either (\e -> BC.pack ('!' : oneLine e)) id answer)
                BS.hPut stdout (BC.singleton '\n')
                hFlush stdout
                loop
       in loop
    else do
      input <- BS.hGetContents stdin
      answer <- canon input
      case answer of
        Right out -> BS.hPut stdout out >> BS.hPut stdout (BC.singleton '\n')
        Left err -> hPutStrLn stderr (oneLine err) >> exitWith (ExitFailure 1)
