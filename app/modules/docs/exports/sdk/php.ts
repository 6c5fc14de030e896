import type { ApiModel } from "../../spec-model";
import { camelCase, type ClientOptions, type Convention, docBlock, isBearer, pathExpression, planMethods, title } from "./shared";

// The PHP client: one class over curl, camelCase methods (case-insensitive in PHP), doc blocks.

const convention: Convention = {
  method: camelCase,
  argument: camelCase,
  reservedMethods: new Set(["request", "queryvalue", "pathvalue"]),
  reservedArguments: new Set(["this", "query", "body"]),
  foldCase: true,
};

/** PHP single quotes: no interpolation, only \\ and \' are escapes. */
const phpQuoted = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

export function phpClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, convention);
  const auth =
    model.auth.in === "query"
      ? `$params[${phpQuoted(model.auth.name)}] = $this->apiKey;`
      : `$headers[] = ${phpQuoted(`${model.auth.name}: ${isBearer(model.auth) ? "Bearer " : ""}`)} . $this->apiKey;`;
  const methods = plans.map((plan) => {
    const bodyArgument = plan.body === "required" ? ["$body"] : plan.body === "optional" ? ["$body = null"] : [];
    const signature = [...plan.pathArguments.map((argument) => `$${argument}`), ...bodyArgument, "array $query = []"].join(", ");
    const path = pathExpression(plan.path, phpQuoted, (argument) => `self::pathValue($${argument})`, " . ");
    return [
      docBlock(plan.doc, "    "),
      `    public function ${plan.name}(${signature})`,
      "    {",
      `        return $this->request(${phpQuoted(plan.method)}, ${path}, $query${plan.body ? ", $body" : ""});`,
      "    }",
    ].join("\n");
  });
  return `<?php

${docBlock([title(model, options)], "")}

/** A call answered with a status outside 2xx; the HTTP status is the exception code. */
class ${className}Exception extends \\RuntimeException
{
}

${docBlock([`Client for ${model.title || options.packageName}.`], "")}
class ${className}
{
    const DEFAULT_BASE_URL = ${phpQuoted(model.baseUrl)};

    private $apiKey;
    private $baseUrl;
    private $timeout;

    public function __construct(string $apiKey, string $baseUrl = self::DEFAULT_BASE_URL, int $timeout = 30)
    {
        $this->apiKey = $apiKey;
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->timeout = $timeout;
    }

    private static function queryValue($value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_array($value)) {
            return implode(',', array_map([self::class, 'queryValue'], $value));
        }
        return (string) $value;
    }

    private static function pathValue($value): string
    {
        return rawurlencode(self::queryValue($value));
    }

    private function request(string $method, string $path, array $query = [], $body = null)
    {
        $params = [];
        foreach ($query as $name => $value) {
            if ($value !== null) {
                $params[$name] = self::queryValue($value);
            }
        }
        $headers = ['Accept: application/json'];
        if ($this->apiKey !== '') {
            ${auth}
        }
        $url = $this->baseUrl . $path . ($params ? '?' . http_build_query($params, '', '&', PHP_QUERY_RFC3986) : '');
        $options = [CURLOPT_CUSTOMREQUEST => $method, CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => $this->timeout];
        if ($body !== null) {
            $options[CURLOPT_POSTFIELDS] = json_encode($body, JSON_THROW_ON_ERROR);
            $headers[] = 'Content-Type: application/json';
        }
        $options[CURLOPT_HTTPHEADER] = $headers;
        $curl = curl_init($url);
        curl_setopt_array($curl, $options);
        $payload = curl_exec($curl);
        $error = curl_error($curl);
        $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if ($payload === false) {
            throw new ${className}Exception($error, 0);
        }
        if ($status < 200 || $status >= 300) {
            throw new ${className}Exception(sprintf('HTTP %d: %s', $status, $payload), $status);
        }
        return $payload === '' ? null : json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
    }

${methods.join("\n\n")}
}
`;
}
