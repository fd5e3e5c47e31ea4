// Type-checks scenario files with one long-lived ts-morph Project, so re-checking a changed file
// reuses everything else the checker already loaded.
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Project, ts, type SourceFile } from 'ts-morph'
import { DSL_TYPES } from './package-root.js'
import { projectPath } from './paths.js'
import type { CompileProblem } from './problems.js'

export interface TypeChecker {
  /** Diagnostics of each scenario file and the project files it imports, keyed by scenario path. */
  check(files: readonly string[]): Map<string, CompileProblem[]>
}

export function createTypeChecker(root: string): TypeChecker {
  const nodeTypes = existsSync(join(root, 'node_modules', '@types', 'node'))
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2023.d.ts'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      // The scenario's `acp-scenario` is the DSL this compiler runs, wherever the project installed it.
      paths: { 'acp-scenario': [DSL_TYPES] },
      typeRoots: [join(root, 'node_modules', '@types')],
      types: nodeTypes ? ['node'] : [],
    },
  })

  const isLocal = (sf: SourceFile): boolean => {
    const path = sf.getFilePath()
    return !sf.isDeclarationFile() && !path.includes('/node_modules/') && !relative(root, path).startsWith('..')
  }
  /** The scenario plus the project files it imports, transitively. */
  const closure = (sf: SourceFile): SourceFile[] => {
    const seen = new Set<SourceFile>([sf])
    for (const file of seen) for (const dep of file.getReferencedSourceFiles()) if (isLocal(dep)) seen.add(dep)
    return [...seen]
  }
  const toProblem = (d: ts.Diagnostic): CompileProblem => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ')
    const message = /on type 'BeforeSession'/.test(text) ? `${text} (prompts and waits need a session: call .newSession() first)` : text
    if (!d.file || d.start === undefined) return { file: '(compiler options)', line: 1, col: 1, message: `type error: ${message}` }
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
    return { file: projectPath(root, d.file.fileName), line: line + 1, col: character + 1, message: `type error: ${message}` }
  }

  return {
    check(files) {
      // Re-read every project file loaded so far, not just the scenario's current imports: a helper
      // edited while nothing imported it must be current once a scenario imports it again. An
      // unchanged file costs a read, not a re-parse.
      for (const sf of project.getSourceFiles()) if (isLocal(sf)) sf.refreshFromFileSystemSync()
      const sources = files.map((file) => project.getSourceFile(file) ?? project.addSourceFileAtPath(file))
      project.resolveSourceFileDependencies()
      const program = project.getProgram().compilerObject
      const result = new Map<string, CompileProblem[]>()
      for (const [i, sf] of sources.entries()) {
        const problems = closure(sf).flatMap((dep) => {
          const tsFile = program.getSourceFile(dep.getFilePath())
          return [...program.getSyntacticDiagnostics(tsFile), ...program.getSemanticDiagnostics(tsFile)].map(toProblem)
        })
        result.set(files[i]!, problems)
      }
      return result
    },
  }
}
