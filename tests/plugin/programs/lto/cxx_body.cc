// cxx_body.cc — the other half of cxx_main.cc's store buffering: the
// shared data and the thread body t1().
// Example: g++ -flto -fplugin=wmmfence.so -O2 -c cxx_body.cc
int x, y, r1;
void
t1 ()
{
  y = 1;
  r1 = x;
}
