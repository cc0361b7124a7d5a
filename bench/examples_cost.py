# Issue 17: the cost model on every example and the two Horner benchmarks, in both functions
# strategies: VJP / primal and JVP / primal at the `-- at:` point, and the growth exponents with
# the input grown to 100, 400, 1,600 where it has a list or tree. Run from the repository root:
#   python3 bench/examples_cost.py [path/to/chad-oracle]
import glob, json, subprocess, sys
B = sys.argv[1] if len(sys.argv) > 1 else 'build/apps/chad-oracle/chad-oracle'
files=sorted(glob.glob('examples/*.chad'))+['bench/programs/horner_closure.chad','bench/programs/horner.chad']
for F in ['paper','efficient']:
    worst=(0,'')
    for f in files:
        r=subprocess.run([B,'cost',f,'--functions',F,'--json'],capture_output=True,text=True)
        if r.returncode: print(F,f,'ERR',r.stderr.strip()[:100]); continue
        j=json.loads(r.stdout)
        vjp=j['vjp']['ratio'] if j.get('vjp') else None; jvp=j['jvp']['ratio'] if j.get('jvp') else None
        if vjp and vjp>worst[0]: worst=(vjp,f)
        g=subprocess.run([B,'cost',f,'--functions',F,'--sizes','100,400,1600','--json'],capture_output=True,text=True)
        ex=''
        if g.returncode==0:
            gg=json.loads(g.stdout)['growth']; e=gg['exponents']; last=gg['rows'][-1]
            ex='growth exps primal %.2f jvp %s vjp %s; at 1600 vjp/primal %s'%(e['primal'], e.get('jvp') and round(e['jvp'],2), e.get('vjp') and round(e['vjp'],2), last.get('vjp') and round(last['vjp']['ratio'],1))
        print(F, f.split('/')[-1], 'vjp/primal', vjp and round(vjp,2), 'jvp/primal', jvp and round(jvp,2), ex)
    print(F,'WORST VJP ratio',worst)
