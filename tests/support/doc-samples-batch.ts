import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What one program did: its exit code and what it printed. */
export interface Run {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export type BatchLanguage = "python" | "r";

/**
 * Drivers that run many complete programs in one interpreter, one after another, each as its own script would
 * run (`__main__`, or a fresh environment with top-level values printed), each starting at least `pace` seconds
 * after the one before, and print what each did as a JSON array: the interpreter and its libraries load once.
 */
const drivers: Record<BatchLanguage, { command: string; extension: string; source: string }> = {
  // Debian's Python, with the requests and pandas packages .ci/run installs.
  python: {
    command: "/usr/bin/python3",
    extension: "py",
    source: `import contextlib, io, json, runpy, sys, time, traceback

pace, programs = float(sys.argv[1]), sys.argv[2:]
results = []
for program in programs:
    started = time.monotonic()
    stdout, stderr = io.StringIO(), io.StringIO()
    exit_code = 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            runpy.run_path(program, run_name="__main__")
        except SystemExit as exit:
            exit_code = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
        except BaseException:
            traceback.print_exc()
            exit_code = 1
    results.append({"exitCode": exit_code, "stdout": stdout.getvalue(), "stderr": stderr.getvalue()})
    time.sleep(max(0.0, pace - (time.monotonic() - started)))
json.dump(results, sys.stdout)
`,
  },
  r: {
    command: "Rscript",
    extension: "R",
    source: `args <- commandArgs(trailingOnly = TRUE)
pace <- as.numeric(args[[1]])
results <- lapply(args[-1], function(program) {
  started <- Sys.time()
  exit_code <- 0L
  messages <- character()
  note <- function(text) messages <<- c(messages, text)
  stdout <- capture.output(tryCatch(
    withCallingHandlers(
      source(program, local = new.env(parent = globalenv()), print.eval = TRUE),
      message = function(condition) {
        note(conditionMessage(condition))
        invokeRestart("muffleMessage")
      },
      warning = function(condition) {
        note(paste0("Warning: ", conditionMessage(condition), "\\n"))
        invokeRestart("muffleWarning")
      }
    ),
    error = function(condition) {
      note(paste0("Error: ", conditionMessage(condition), "\\n"))
      exit_code <<- 1L
    }
  ))
  Sys.sleep(max(0, pace - as.numeric(difftime(Sys.time(), started, units = "secs"))))
  list(exitCode = exit_code, stdout = paste0(stdout, "\\n", collapse = ""), stderr = paste(messages, collapse = ""))
})
cat(jsonlite::toJSON(results, auto_unbox = TRUE))
`,
  },
};

/**
 * Runs the programs in one interpreter of their language, in a clean folder, paced `paceMs` apart, never longer
 * than `timeoutMs` in all. When the interpreter itself fails, every program gets its exit code and output.
 */
export function runBatch(
  language: BatchLanguage,
  programs: readonly string[],
  { paceMs, timeoutMs, env }: { paceMs: number; timeoutMs: number; env: NodeJS.ProcessEnv },
): Promise<Run[]> {
  const driver = drivers[language];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "doc-samples-"));
  const files = programs.map((code, index) => {
    const file = `program-${index + 1}.${driver.extension}`;
    fs.writeFileSync(path.join(folder, file), code);
    return file;
  });
  fs.writeFileSync(path.join(folder, `driver.${driver.extension}`), driver.source);
  return new Promise((resolve) => {
    execFile(
      driver.command,
      [`driver.${driver.extension}`, String(paceMs / 1000), ...files],
      { cwd: folder, env, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        fs.rmSync(folder, { recursive: true, force: true });
        const results = error ? null : parseResults(stdout, programs.length);
        if (results) return resolve(results);
        const exitCode = error && typeof error.code === "number" ? error.code : -1;
        const missing = error?.code === "ENOENT" ? `${driver.command} is not installed here (.ci/run installs it). ` : "";
        resolve(programs.map(() => ({ exitCode: exitCode || -1, stdout, stderr: `${missing}the ${language} batch failed: ${stderr}` })));
      },
    );
  });
}

/** The driver's JSON array, or null when it is not one result per program. */
export function parseResults(printed: string, count: number): Run[] | null {
  try {
    const results = JSON.parse(printed) as unknown;
    if (!Array.isArray(results) || results.length !== count) return null;
    const valid = results.every(
      (result: Partial<Run>) =>
        typeof result.exitCode === "number" && typeof result.stdout === "string" && typeof result.stderr === "string",
    );
    return valid ? (results as Run[]) : null;
  } catch {
    return null;
  }
}
