/**
 * Reads a Dockerfile the way the builder does, far enough to check what the image will do:
 * continuation lines, comments, build arguments, stages, ENV, and the exec forms of CMD and
 * HEALTHCHECK. No Docker engine runs here, so the tests look at the instructions instead.
 */

export interface Instruction {
  keyword: string;
  /** Everything after the keyword, continuation lines joined with a space. */
  args: string;
  line: number;
}

export interface Stage {
  name: string | undefined;
  /** The FROM image with build arguments substituted. */
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

export interface HealthCheck {
  options: Record<string, string>;
  command: string[];
}

export interface Copy {
  flags: Record<string, string>;
  sources: string[];
  destination: string;
}

/** `buildArgs` are the `--build-arg` values of a build: they replace the ARG defaults. */
export function parseDockerfile(text: string, buildArgs: Record<string, string> = {}): Dockerfile {
  const instructions = readInstructions(text);
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];

  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = splitWords(instruction.args);
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        base: substitute(image, { ...globalArgs, ...buildArgs }),
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (stage) {
      stage.instructions.push(instruction);
    } else if (instruction.keyword === 'ARG') {
      Object.assign(globalArgs, parseKeyValues(instruction.args));
    }
  }
  return { globalArgs, stages };
}

function readInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { parts: string[]; line: number } | undefined;

  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    // Comment lines are dropped even inside a continued instruction, as the builder does.
    if (trimmed.startsWith('#')) return;
    if (trimmed === '' && !pending) return;
    const continues = trimmed.endsWith('\\');
    const content = continues ? trimmed.slice(0, -1).trim() : trimmed;
    if (pending) pending.parts.push(content);
    else pending = { parts: [content], line: index + 1 };
    if (continues) return;

    const joined = pending.parts.filter((part) => part !== '').join(' ');
    const match = /^(\S+)\s*(.*)$/s.exec(joined);
    if (match) {
      instructions.push({
        keyword: (match[1] ?? '').toUpperCase(),
        args: match[2] ?? '',
        line: pending.line,
      });
    }
    pending = undefined;
  });
  return instructions;
}

/** `$NAME`, `${NAME}` and `${NAME:-default}`, as ARG and ENV values are expanded. */
export function substitute(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{(\w+)(?::-([^}]*))?\}|\$(\w+)/g,
    (
      _match,
      braced: string | undefined,
      fallback: string | undefined,
      bare: string | undefined,
    ) => {
      const name = braced ?? bare ?? '';
      const current = vars[name];
      if (fallback !== undefined && (current === undefined || current === '')) return fallback;
      return current ?? '';
    },
  );
}

/** Splits on blanks, keeping quoted text together and dropping the quotes. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < text.length) word += text[++index];
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < text.length) {
      word += text[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** `KEY=value OTHER="two words"` (ENV, ARG, LABEL); a bare `KEY` gets an empty value. */
export function parseKeyValues(args: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const word of splitWords(args)) {
    const equals = word.indexOf('=');
    if (equals === -1) result[word] = '';
    else result[word.slice(0, equals)] = word.slice(equals + 1);
  }
  return result;
}

function execForm(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[')) return ['/bin/sh', '-c', trimmed];
  const parsed: unknown = JSON.parse(trimmed);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(`not an exec form: ${trimmed}`);
  }
  return parsed;
}

function only(stage: Stage, keyword: string): Instruction | undefined {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword).at(-1);
}

export function finalStage(dockerfile: Dockerfile): Stage {
  const stage = dockerfile.stages.at(-1);
  if (!stage) throw new Error('the Dockerfile has no FROM');
  return stage;
}

/** ENV of a stage, each value expanded against the ENV set before it. */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of stage.instructions) {
    if (instruction.keyword !== 'ENV') continue;
    for (const [key, value] of Object.entries(parseKeyValues(instruction.args))) {
      env[key] = substitute(value, env);
    }
  }
  return env;
}

/** Build arguments a stage declares, with their defaults. */
export function stageArgs(stage: Stage): Record<string, string> {
  const args: Record<string, string> = {};
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'ARG') Object.assign(args, parseKeyValues(instruction.args));
  }
  return args;
}

export function cmd(stage: Stage): string[] | undefined {
  const instruction = only(stage, 'CMD');
  return instruction && execForm(instruction.args);
}

export function workdir(stage: Stage): string | undefined {
  return only(stage, 'WORKDIR')?.args.trim();
}

export function user(stage: Stage): string | undefined {
  return only(stage, 'USER')?.args.trim();
}

export function stopSignal(stage: Stage): string | undefined {
  return only(stage, 'STOPSIGNAL')?.args.trim();
}

export function exposedPorts(stage: Stage): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'EXPOSE')
    .flatMap((instruction) => splitWords(instruction.args));
}

export function volumes(stage: Stage): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'VOLUME')
    .flatMap((instruction) =>
      instruction.args.trim().startsWith('[')
        ? execForm(instruction.args)
        : splitWords(instruction.args),
    );
}

export function healthCheck(stage: Stage): HealthCheck | undefined {
  const instruction = only(stage, 'HEALTHCHECK');
  if (!instruction) return undefined;
  const options: Record<string, string> = {};
  let rest = instruction.args.trim();
  let option: RegExpExecArray | null;
  while ((option = /^--([\w-]+)=(\S+)\s+/.exec(rest))) {
    options[option[1] ?? ''] = option[2] ?? '';
    rest = rest.slice(option[0].length);
  }
  const command = /^CMD\s+(.*)$/is.exec(rest);
  if (!command) return undefined;
  return { options, command: execForm(command[1] ?? '') };
}

export function runCommands(stage: Stage): string[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'RUN')
    .map((instruction) => instruction.args);
}

export function copies(stage: Stage): Copy[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY')
    .map((instruction) => {
      const words = splitWords(instruction.args);
      const flags: Record<string, string> = {};
      while (words[0]?.startsWith('--')) {
        const [flag = '', value = ''] = (words.shift() ?? '').slice(2).split('=');
        flags[flag] = value;
      }
      const destination = words.pop() ?? '';
      return { flags, sources: words, destination };
    });
}
