/* emit_cfg.c — branches, a loop and a call: emit.sh puts a fence at every
 * position of the IR (-fplugin-arg-wmmfence-debug-fence) and checks that
 * GCC compiles each variant. */
int x, y, z, n;
extern void ext(void);

__attribute__((wmmfence_thread)) void P0(int c)
{
  x = 1;
  if (c)
    y = 1;
  else
    z = 1;
  for (int i = 0; i < n; i++)
    {
      y = x + i;
      if (i == c)
        ext();
    }
  switch (c)
    {
    case 1: x = 2; break;
    case 2: y = 2; break;
    case 3: return;
    default: z = 2;
    }
  x = z;
}

__attribute__((wmmfence_thread)) int P1(void)
{
  struct { int a, b; } s = { 0, 0 };
  extern struct S2 { int a, b; } gs, gt;
  gs = gt;   /* a block copy: load and store in one statement */
  return s.a + x;
}
