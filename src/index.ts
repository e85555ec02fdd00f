import { run } from "./action/main.js";

run();
